import BoomerangDigest
import Crypto
import Testing

/// The paired hash gives swift-crypto's digests for a body and a run of it, however the bytes are
/// split between calls, with the SHA extensions (where this processor has them) and without.
@Suite struct SHA256PairTests {
    private static func reference(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        Array(SHA256.hash(data: Array(bytes)))
    }

    private static var modes: [Bool] { SHA256Pair.accelerated ? [true, false] : [false] }

    @Test(arguments: [0, 1, 55, 56, 63, 64, 65, 127, 128, 1000, 70_001, 1 << 20])
    func digestsMatchSwiftCrypto(length: Int) {
        for accelerated in Self.modes {
            // Bytes that vary with their position and the length (a multiplicative hash).
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: ((UInt64($0) &+ UInt64(length)) &* 0x9E37_79B9_7F4A_7C15) >> 56) }
            let partStart = length / 3
            var pair = SHA256Pair(accelerated: accelerated)
            var body = 0
            var part = partStart
            var step = 1
            // Uneven steps; the body and the part move on by different counts.
            while body < length || part < length {
                let bodyEnd = min(body + step * 37 % 4099, length)
                let partEnd = min(part + step * 53 % 3001, length)
                bytes[body..<bodyEnd].withUnsafeBytes { bodyBytes in
                    bytes[part..<partEnd].withUnsafeBytes { partBytes in
                        if step % 3 == 0 {
                            pair.updateBody(bodyBytes)
                        } else {
                            pair.update(body: bodyBytes, part: partBytes)
                        }
                    }
                }
                body = bodyEnd
                if step % 3 != 0 { part = partEnd }
                step += 1
            }
            #expect(pair.finishPart() == Self.reference(bytes[partStart...]), "accelerated: \(accelerated)")
            #expect(pair.finishBody() == Self.reference(bytes[...]), "accelerated: \(accelerated)")
        }
    }

    @Test func partHashStartsAgainAfterItsDigest() {
        for accelerated in Self.modes {
            let first = Array("first part".utf8)
            let second = Array("second".utf8)
            var pair = SHA256Pair(accelerated: accelerated)
            first.withUnsafeBytes { pair.update(body: $0, part: $0) }
            #expect(pair.finishPart() == Self.reference(first[...]))
            second.withUnsafeBytes { pair.update(body: $0, part: $0) }
            #expect(pair.finishPart() == Self.reference(second[...]))
            pair.restartPart()
            #expect(pair.finishPart() == Self.reference([]))
            #expect(pair.finishBody() == Self.reference((first + second)[...]))
        }
    }
}
