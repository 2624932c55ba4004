import BoomerangTesting
import BoomerangWire
import Foundation
import Testing

/// Hostile WebSocket frames after a real handshake on `/websocket/echo`: each gets a close frame
/// with the code RFC 6455 asks for, the server closes the connection, a fresh connection is
/// served, and the row's server CPU is measured like the HTTP rows' (`HostileInputTests`).
@Suite struct WebSocketHostileFrameTests {
    struct Row: CustomTestStringConvertible, Sendable {
        let id: String
        let bytes: [UInt8]
        let closeCode: Int
        var testDescription: String { id }
    }

    static let key: [UInt8] = [0x11, 0x22, 0x33, 0x44]

    /// A masked client frame with any first byte (FIN, RSV bits, opcode) and any payload length,
    /// in the shortest length form unless `length` forces one (126 or 127).
    static func frame(first: UInt8, _ payload: [UInt8], length: UInt8? = nil) -> [UInt8] {
        var bytes = [first]
        let form = length ?? (payload.count < 126 ? UInt8(payload.count) : payload.count <= 0xFFFF ? 126 : 127)
        bytes.append(0x80 | form)
        if form == 126 {
            bytes += [UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else if form == 127 {
            bytes += (0..<8).reversed().map { UInt8(truncatingIfNeeded: payload.count >> ($0 * 8)) }
        }
        bytes += key
        bytes += payload.enumerated().map { $0.element ^ key[$0.offset % 4] }
        return bytes
    }

    /// A header announcing `length` payload bytes in the 64-bit form, with no payload after it.
    static func header(announcing length: UInt64) -> [UInt8] {
        [0x82, 0x80 | 127] + (0..<8).reversed().map { UInt8(truncatingIfNeeded: length >> (UInt64($0) * 8)) } + key
    }

    static func close(_ code: Int, reason: [UInt8] = []) -> [UInt8] {
        frame(first: 0x88, [UInt8(code >> 8), UInt8(code & 0xFF)] + reason)
    }

    static let rows: [Row] = [
        Row(id: "W01 RSV1 set without an extension", bytes: frame(first: 0xC1, Array("hi".utf8)), closeCode: 1002),
        Row(id: "W01 RSV3 set on a ping", bytes: frame(first: 0x99, []), closeCode: 1002),
        Row(id: "W02 reserved data opcode 0x3", bytes: frame(first: 0x83, []), closeCode: 1002),
        Row(id: "W02 reserved control opcode 0xB", bytes: frame(first: 0x8B, []), closeCode: 1002),
        Row(id: "W03 ping of 126 bytes", bytes: frame(first: 0x89, [UInt8](repeating: 0x61, count: 126)), closeCode: 1002),
        Row(id: "W03 fragmented ping", bytes: frame(first: 0x09, Array("p".utf8)), closeCode: 1002),
        Row(id: "W04 continuation with nothing to continue", bytes: frame(first: 0x80, Array("x".utf8)), closeCode: 1002),
        Row(id: "W04 new message inside a fragmented one", bytes: frame(first: 0x01, Array("a".utf8)) + frame(first: 0x81, Array("b".utf8)), closeCode: 1002),
        Row(id: "W05 64-bit length with the top bit set", bytes: header(announcing: 1 << 63), closeCode: 1002),
        Row(id: "W05 length 2^62 announced", bytes: header(announcing: 1 << 62), closeCode: 1009),
        Row(id: "W05 2 bytes in the 64-bit form", bytes: frame(first: 0x82, [1, 2], length: 127), closeCode: 1002),
        Row(id: "W06 close with a 1-byte payload", bytes: frame(first: 0x88, [0x03]), closeCode: 1002),
        Row(id: "W06 close code 1005 on the wire", bytes: close(1005), closeCode: 1002),
        Row(id: "W06 close code 999", bytes: close(999), closeCode: 1002),
        Row(id: "W06 close reason not UTF-8", bytes: close(1000, reason: [0xC3, 0x28]), closeCode: 1007),
        Row(id: "W07 invalid UTF-8 split across fragments", bytes: frame(first: 0x01, [0x68, 0xE2, 0x82]) + frame(first: 0x80, [0x28]), closeCode: 1007),
        Row(id: "W08 unmasked frame", bytes: [0x81, 0x02] + Array("hi".utf8), closeCode: 1002),
    ]

    @Test(arguments: rows)
    func isClosedWithItsCodeThenTheServerServesOn(_ row: Row) throws {
        let live = try LiveServer()
        let connection = try WebSocketRawFrameTests.openEcho(live)
        var reply: (opcode: UInt8, payload: [UInt8])?
        _ = try RowCPU.measure(live, row.id) {
            try connection.send(row.bytes)
            reply = WebSocketRawFrameTests.readFrame(connection)
        }
        #expect(reply?.opcode == 0x8, "\(row.id): \(String(describing: reply))")
        #expect(WebSocketRawFrameTests.closeCode(reply?.payload ?? []) == row.closeCode, "\(row.id)")
        #expect(connection.closedByServer(), "\(row.id)")
        let next = try RawConnection(port: live.port)
        try next.send("GET /get HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        #expect(try next.readResponse()?.status == 200, "\(row.id): server stopped serving")
    }
}
