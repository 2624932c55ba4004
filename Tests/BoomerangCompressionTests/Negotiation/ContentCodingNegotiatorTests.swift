import BoomerangCompression
import Testing

@Suite struct ContentCodingNegotiatorTests {
    static let table: [(String?, ContentCoding?)] = [
        (nil, .identity),
        ("", .identity),
        ("gzip", .gzip),
        ("deflate", .deflate),
        ("br", .brotli),
        ("zstd", .zstd),
        ("x-gzip", .gzip),
        // Browsers and curl: equal weights go to the server's order, zstd > br > gzip > deflate.
        ("gzip, deflate, br", .brotli),
        ("gzip, deflate, br, zstd", .zstd),
        ("deflate, gzip", .gzip),
        ("*", .zstd),
        ("br;q=0.5, gzip", .gzip),
        ("GZIP;Q=0.8, br;q=0.9", .brotli),
        ("gzip; q=0.5 , deflate;q=0.6", .deflate),
        ("zstd;q=0, *;q=0.5", .brotli),
        ("gzip;q=0, *", .zstd),
        ("compress, gzip;q=0.2", .gzip),
        ("compress", .identity),
        ("br;level=5", .brotli),
        // The first element for a coding decides.
        ("gzip;q=0.5, gzip;q=0", .gzip),
        ("gzip;q=0, x-gzip", .identity),
        // A weight with spaces around "=" still counts: q=0 is not read as q=1.
        ("gzip;q =0", .identity),
        // Unreadable weights drop the element.
        ("gzip;q=1.5", .identity),
        ("gzip;q=abc, br", .brotli),
        // identity: acceptable unless excluded; preferred only when weighted higher.
        ("gzip, identity", .gzip),
        ("gzip;q=0.5, identity", .identity),
        ("gzip;q=0.5", .gzip),
        ("*;q=0.5, gzip;q=0.4", .zstd),
        ("gzip;q=0.4, identity;q=0.5", .identity),
        ("identity;q=0.5, gzip;q=0.5", .gzip),
        ("identity;q=0", nil),
        ("identity;q=0, gzip;q=0.1", .gzip),
        ("*;q=0", nil),
        ("*;q=0, identity", .identity),
        ("*;q=0, br;q=0.1", .brotli),
        ("gzip;q=0, deflate;q=0, br;q=0, zstd;q=0", .identity),
        ("gzip;q=0, deflate;q=0, br;q=0, zstd;q=0, identity;q=0", nil),
    ]

    @Test(arguments: table.indices)
    func negotiates(index: Int) {
        let (field, expected) = Self.table[index]
        #expect(ContentCodingNegotiator().negotiate(acceptEncoding: field) == expected, "\(String(describing: field))")
    }

    @Test func serverOrderAndOfferedSubset() {
        let gzipFirst = ContentCodingNegotiator(offered: [.gzip, .brotli, .identity])
        #expect(gzipFirst.offered == [.gzip, .brotli])
        #expect(gzipFirst.negotiate(acceptEncoding: "br, gzip") == .gzip)
        #expect(gzipFirst.negotiate(acceptEncoding: "zstd") == .identity)
        #expect(gzipFirst.negotiate(acceptEncoding: "zstd, identity;q=0") == nil)
        #expect(ContentCodingNegotiator(offered: []).negotiate(acceptEncoding: "gzip") == .identity)
    }

    @Test func codingNames() {
        #expect(ContentCoding.compressing.map(\.name) == ["zstd", "br", "gzip", "deflate"])
        #expect(ContentCoding(name: "X-GZIP") == .gzip)
        #expect(ContentCoding(name: "brotli") == nil)
        #expect(ContentCoding(name: "Identity") == .identity)
        #expect("\(ContentCoding.brotli)" == "br")
    }
}
