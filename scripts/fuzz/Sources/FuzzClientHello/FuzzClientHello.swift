import BoomerangWire

/// One libFuzzer input: the body of a ClientHello extension, read as each of the extensions the
/// server reads (server_name, ALPN, signature_algorithms, supported_versions) and as a cipher
/// list.
///
/// Properties checked (a broken one traps, and libFuzzer saves the input):
/// - an error's offset lies within the input;
/// - a server name read is 1 to 255 printable ASCII bytes, in lower case;
/// - protocols read, written again as an ALPN body, read back unchanged and make the same bytes
///   as the input when the input held nothing else;
/// - 16-bit lists read back unchanged from their own encoding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzClientHello(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))

    do {
        if let name = try ClientHello.serverName(fromExtension: input) {
            let bytes = Array(name.utf8)
            precondition((1...255).contains(bytes.count), "server name length \(bytes.count)")
            precondition(bytes.allSatisfy { $0 > 0x20 && $0 < 0x7F && !(0x41...0x5A).contains($0) }, "server name bytes")
        }
    } catch {
        precondition(error.offset >= 0 && error.offset <= size, "server_name offset \(error.offset) of \(size)")
    }

    do {
        let protocols = try ClientHello.protocols(fromExtension: input)
        // Names are bytes, but read as UTF-8 text: an invalid byte becomes U+FFFD, three bytes, so
        // a name can outgrow the 255 bytes its length allows, and only valid UTF-8 writes back as
        // it came.
        if protocols.allSatisfy({ $0.utf8.count <= 255 }) {
            let list = protocols.flatMap { [UInt8($0.utf8.count)] + Array($0.utf8) }
            let body = [UInt8(list.count >> 8), UInt8(list.count & 0xFF)] + list
            let again = try ClientHello.protocols(fromExtension: body)
            precondition(again == protocols, "ALPN round trip")
            if input.count == body.count, protocols.allSatisfy({ !$0.contains("\u{FFFD}") }) {
                precondition(body == input, "ALPN bytes differ")
            }
        }
    } catch {
        precondition(error.offset >= 0 && error.offset <= size, "alpn offset \(error.offset) of \(size)")
    }

    for lengthBytes in [1, 2] {
        do {
            let values = try ClientHello.values(fromExtension: input, lengthBytes: lengthBytes, name: "values")
            var body: [UInt8] = lengthBytes == 2 ? [UInt8((values.count * 2) >> 8)] : []
            body.append(UInt8((values.count * 2) & 0xFF))
            for value in values { body += [UInt8(value >> 8), UInt8(value & 0xFF)] }
            if values.count * 2 < (lengthBytes == 2 ? 65_536 : 256) {
                precondition(body == input, "values round trip")
            }
        } catch {
            precondition(error.offset >= 0 && error.offset <= size, "values offset \(error.offset) of \(size)")
        }
    }

    do {
        let suites = try ClientHello.cipherSuites(input)
        precondition(suites.count * 2 == size, "cipher suites count")
    } catch {
        precondition(size % 2 == 1 && error.offset < size, "cipher suites offset")
    }
    return 0
}
