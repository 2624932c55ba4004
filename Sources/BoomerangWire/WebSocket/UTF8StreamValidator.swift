import BoomerangSerialization

/// UTF-8 validation of text arriving in pieces, which may split a sequence anywhere.
///
/// Invalid input is reported as soon as the bytes seen prove it (a sequence whose first bytes
/// can never complete to a valid scalar fails at once, [RFC 6455 §8.1](https://www.rfc-editor.org/rfc/rfc6455#section-8.1)),
/// using ``UTF8Validation/sequence(in:at:)`` for each sequence; only the unfinished tail of a
/// piece (at most three bytes) is kept.
struct UTF8StreamValidator: Sendable {
    /// The first bytes of a sequence that the last piece cut off.
    private var pending: [UInt8] = []
    /// Where `pending` starts in the stream.
    private var pendingOffset = 0

    /// An ill-formed sequence: where it starts in the stream, and its maximal invalid
    /// subsequence (the same bytes however the text was cut).
    struct Invalid: Sendable, Hashable {
        var offset: Int
        var bytes: [UInt8]
    }

    /// Validates the next piece, which starts at `offset` in the stream.
    ///
    /// - Returns: the first ill-formed sequence, or nil.
    mutating func validate(_ bytes: UnsafeBufferPointer<UInt8>, offset: Int) -> Invalid? {
        var index = 0
        if !pending.isEmpty {
            let taken = min(4 - pending.count, bytes.count)
            let joined = pending + bytes[0..<taken]
            let sequence = joined.withUnsafeBufferPointer { UTF8Validation.sequence(in: $0, at: 0) }
            if sequence.isValid {
                index = sequence.length - pending.count
                pending.removeAll(keepingCapacity: true)
            } else if sequence.length == joined.count {
                pending = joined
                return nil
            } else {
                return Invalid(offset: pendingOffset, bytes: Array(joined[0..<sequence.length]))
            }
        }
        let base = UnsafeRawPointer(bytes.baseAddress)
        while index < bytes.count {
            if let base, index + 8 <= bytes.count,
                base.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                index += 8
                continue
            }
            if bytes[index] < 0x80 {
                index += 1
                continue
            }
            let sequence = UTF8Validation.sequence(in: bytes, at: index)
            if sequence.isValid {
                index += sequence.length
            } else if index + sequence.length == bytes.count, (0xC2...0xF4).contains(bytes[index]) {
                pending.append(contentsOf: bytes[index...])
                pendingOffset = offset + index
                return nil
            } else {
                return Invalid(offset: offset + index, bytes: Array(bytes[index..<(index + sequence.length)]))
            }
        }
        return nil
    }

    /// Ends the text: the stream offset of an unfinished sequence at its end, or nil.
    mutating func finish() -> Int? {
        defer { pending.removeAll(keepingCapacity: true) }
        return pending.isEmpty ? nil : pendingOffset
    }
}
