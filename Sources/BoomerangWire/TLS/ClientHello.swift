/// What a client offered in its ClientHello, read from the extensions OpenSSL hands over: the
/// source of the echo's SNI and JA4 and of a failed handshake's record.
public struct ClientHello: Sendable, Hashable {
    /// The record's `legacy_version` (0x0303 for TLS 1.2 and 1.3).
    public var legacyVersion: UInt16
    /// The cipher suites, in the client's order.
    public var cipherSuites: [UInt16]
    /// The extension types, in the client's order.
    public var extensions: [UInt16]
    /// The host name from `server_name`, lower case.
    public var serverName: String?
    /// The ALPN protocols, in the client's order.
    public var protocols: [String]
    /// `signature_algorithms`, in the client's order.
    public var signatureAlgorithms: [UInt16]
    /// `supported_versions`, in the client's order.
    public var supportedVersions: [UInt16]

    /// Creates a ClientHello from its parts.
    public init(
        legacyVersion: UInt16, cipherSuites: [UInt16], extensions: [UInt16], serverName: String? = nil, protocols: [String] = [],
        signatureAlgorithms: [UInt16] = [], supportedVersions: [UInt16] = []
    ) {
        self.legacyVersion = legacyVersion
        self.cipherSuites = cipherSuites
        self.extensions = extensions
        self.serverName = serverName
        self.protocols = protocols
        self.signatureAlgorithms = signatureAlgorithms
        self.supportedVersions = supportedVersions
    }

    /// Extension types this reads.
    public enum ExtensionType {
        public static let serverName: UInt16 = 0
        public static let signatureAlgorithms: UInt16 = 13
        public static let alpn: UInt16 = 16
        public static let supportedVersions: UInt16 = 43
    }

    /// The most a name may be: a DNS name's 253 bytes, with room for a trailing dot and a little.
    static let maxServerNameBytes = 255

    /// The host name in a `server_name` extension's body (RFC 6066 §3), or nil when it lists none.
    public static func serverName<Bytes: RandomAccessCollection<UInt8>>(fromExtension body: Bytes) throws(ClientHelloError) -> String? {
        var reader = ExtensionReader(body, name: "server_name")
        var list = try reader.vector(lengthBytes: 2)
        try reader.expectEnd()
        while !list.isAtEnd {
            let type = try list.byte()
            let name = try list.vector(lengthBytes: 2)
            guard type == 0 else { continue }
            let bytes = name.remaining
            guard !bytes.isEmpty, bytes.count <= maxServerNameBytes, bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
                throw ClientHelloError(.badServerName, "server_name", offset: name.start)
            }
            return String(decoding: bytes, as: UTF8.self).lowercased()
        }
        return nil
    }

    /// The protocol names in an ALPN extension's body (RFC 7301 §3.1).
    public static func protocols<Bytes: RandomAccessCollection<UInt8>>(fromExtension body: Bytes) throws(ClientHelloError) -> [String] {
        var reader = ExtensionReader(body, name: "alpn")
        var list = try reader.vector(lengthBytes: 2)
        try reader.expectEnd()
        var protocols: [String] = []
        while !list.isAtEnd {
            let name = try list.vector(lengthBytes: 1)
            guard !name.isAtEnd else { throw ClientHelloError(.badLength, "alpn", offset: name.start) }
            protocols.append(String(decoding: name.remaining, as: UTF8.self))
        }
        return protocols
    }

    /// The 16-bit values of a `signature_algorithms` body (a 2-byte length) or of a client's
    /// `supported_versions` body (a 1-byte length).
    public static func values<Bytes: RandomAccessCollection<UInt8>>(
        fromExtension body: Bytes, lengthBytes: Int, name: String
    ) throws(ClientHelloError) -> [UInt16] {
        var reader = ExtensionReader(body, name: name)
        let list = try reader.vector(lengthBytes: lengthBytes)
        try reader.expectEnd()
        return try list.uint16s()
    }

    /// Cipher suites as OpenSSL gives them: 2-byte values, no length.
    public static func cipherSuites<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) throws(ClientHelloError) -> [UInt16] {
        try ExtensionReader(bytes, name: "cipher_suites").uint16s()
    }

    /// GREASE values (RFC 8701), which fingerprints leave out: 0x0A0A, 0x1A1A … 0xFAFA.
    public static func isGREASE(_ value: UInt16) -> Bool {
        value & 0x0F0F == 0x0A0A && value >> 8 == value & 0xFF
    }
}

/// Reads length-prefixed vectors out of one extension's body, keeping offsets for errors.
struct ExtensionReader {
    let bytes: [UInt8]
    let name: String
    /// Where this reader's part starts in the body, and the position within it.
    let start: Int
    private(set) var position: Int
    let end: Int

    init<Bytes: RandomAccessCollection<UInt8>>(_ body: Bytes, name: String) {
        bytes = Array(body)
        self.name = name
        start = 0
        position = 0
        end = bytes.count
    }

    private init(bytes: [UInt8], name: String, start: Int, end: Int) {
        self.bytes = bytes
        self.name = name
        self.start = start
        position = start
        self.end = end
    }

    var isAtEnd: Bool { position == end }
    var remaining: ArraySlice<UInt8> { bytes[position..<end] }

    mutating func byte() throws(ClientHelloError) -> UInt8 {
        guard position < end else { throw ClientHelloError(.truncated, name, offset: position) }
        defer { position += 1 }
        return bytes[position]
    }

    /// A vector with a big-endian length of `lengthBytes` bytes; the reader moves past it.
    mutating func vector(lengthBytes: Int) throws(ClientHelloError) -> ExtensionReader {
        var length = 0
        for _ in 0..<lengthBytes { length = length << 8 | Int(try byte()) }
        guard length <= end - position else { throw ClientHelloError(.truncated, name, offset: position) }
        defer { position += length }
        return ExtensionReader(bytes: bytes, name: name, start: position, end: position + length)
    }

    func expectEnd() throws(ClientHelloError) {
        guard isAtEnd else { throw ClientHelloError(.badLength, name, offset: position) }
    }

    /// The rest as 2-byte big-endian values.
    func uint16s() throws(ClientHelloError) -> [UInt16] {
        guard (end - position) % 2 == 0 else { throw ClientHelloError(.badLength, name, offset: end - 1) }
        return stride(from: position, to: end, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }
    }
}
