import BoomerangCompression
import Testing

@Suite struct AcceptEncodingTests {
    typealias Element = AcceptEncoding.Element

    static let parsed: [(String, [Element])] = [
        ("", []),
        ("gzip", [Element(name: "gzip", quality: 1000)]),
        (
            " GZIP ; Q=0.5 ,, br;q=1.000\t, *;q=0",
            [Element(name: "gzip", quality: 500), Element(name: "br", quality: 1000), Element(name: "*", quality: 0)]
        ),
        (
            "gzip;q=0.001, deflate;q=0., zstd;q=1.",
            [
                Element(name: "gzip", quality: 1), Element(name: "deflate", quality: 0),
                Element(name: "zstd", quality: 1000),
            ]
        ),
        ("br;level=5;q=0.3", [Element(name: "br", quality: 300)]),
        ("x-gzip;q = 0.7", [Element(name: "x-gzip", quality: 700)]),
        // Dropped: weight over 1, four decimals, not a number, a parameter without "=", no name, a non-token name.
        ("gzip;q=1.001, br;q=0.0001, zstd;q=high, deflate;q, ;q=1, g zip, gzip\"", []),
        ("gzip;q=2, br", [Element(name: "br", quality: 1000)]),
    ]

    @Test(arguments: parsed.indices)
    func parses(index: Int) {
        let (field, elements) = Self.parsed[index]
        #expect(AcceptEncoding(parsing: field).elements == elements, "\(field.debugDescription)")
    }

    @Test func qualityFollowsRFC9110() {
        let field = AcceptEncoding(parsing: "x-gzip;q=0.4, gzip;q=0.9, *;q=0.2")
        #expect(field.quality(of: .gzip) == 400)
        #expect(field.quality(of: .zstd) == 200)
        #expect(field.quality(of: .identity) == 200)
        let plain = AcceptEncoding(parsing: "br")
        #expect(plain.quality(of: .brotli) == 1000)
        #expect(plain.quality(of: .gzip) == nil)
        #expect(plain.quality(of: .identity) == nil)
        #expect(AcceptEncoding(parsing: "identity;q=0").quality(of: .identity) == 0)
    }
}
