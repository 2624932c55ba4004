import BoomerangSerialization

/// Reads `reader` to its end through a buffer of `bufferSize` bytes, as a client sending the body
/// would.
public func readAll(_ reader: inout some BodyReader, bufferSize: Int) throws -> [UInt8] {
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: bufferSize)
    while true {
        let count = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
        if count == 0 { return output }
        output += buffer[..<count]
    }
}
