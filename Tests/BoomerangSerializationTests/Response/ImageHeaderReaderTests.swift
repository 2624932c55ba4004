import BoomerangSamples
import BoomerangSerialization
import Testing

@Suite struct ImageHeaderReaderTests {
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var bytes: [UInt8]
        var format: ImageFormat
        var width: Int
        var height: Int
        /// The shortest prefix the reader can size.
        var headerLength: Int
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "png",
            bytes: ImageFixtures.png(width: 3, height: 2),
            format: .png,
            width: 3,
            height: 2,
            headerLength: 24
        ),
        Case(
            name: "gif",
            bytes: ImageFixtures.gif(width: 5, height: 7),
            format: .gif,
            width: 5,
            height: 7,
            headerLength: 10
        ),
        Case(
            name: "bmp",
            bytes: ImageFixtures.bmp(width: 640, height: 480),
            format: .bmp,
            width: 640,
            height: 480,
            headerLength: 26
        ),
        Case(
            name: "bmp top-down",
            bytes: ImageFixtures.bmp(width: 2, height: -9),
            format: .bmp,
            width: 2,
            height: 9,
            headerLength: 26
        ),
        Case(
            name: "bmp core",
            bytes: ImageFixtures.bmpCore(width: 12, height: 34),
            format: .bmp,
            width: 12,
            height: 34,
            headerLength: 22
        ),
        Case(
            name: "tiff II",
            bytes: ImageFixtures.tiff(width: 300, height: 70000, bigEndian: false),
            format: .tiff,
            width: 300,
            height: 70000,
            headerLength: 34
        ),
        Case(
            name: "tiff MM",
            bytes: ImageFixtures.tiff(width: 300, height: 70000, bigEndian: true),
            format: .tiff,
            width: 300,
            height: 70000,
            headerLength: 34
        ),
        Case(
            name: "jpeg baseline",
            bytes: ImageFixtures.jpeg(width: 32, height: 16),
            format: .jpeg,
            width: 32,
            height: 16,
            headerLength: 38
        ),
        Case(
            name: "jpeg progressive",
            bytes: ImageFixtures.jpeg(width: 1024, height: 768, marker: 0xC2),
            format: .jpeg,
            width: 1024,
            height: 768,
            headerLength: 38
        ),
        Case(
            name: "ico 256",
            bytes: ImageFixtures.ico(width: 256, height: 16),
            format: .ico,
            width: 256,
            height: 16,
            headerLength: 8
        ),
        Case(
            name: "webp lossy",
            bytes: ImageFixtures.webpLossy(width: 400, height: 301),
            format: .webp,
            width: 400,
            height: 301,
            headerLength: 30
        ),
        Case(
            name: "webp lossless",
            bytes: ImageFixtures.webpLossless(width: 16384, height: 1),
            format: .webp,
            width: 16384,
            height: 1,
            headerLength: 25
        ),
        Case(
            name: "webp extended",
            bytes: ImageFixtures.webpExtended(width: 70000, height: 3),
            format: .webp,
            width: 70000,
            height: 3,
            headerLength: 30
        ),
    ]

    @Test(arguments: cases)
    func readsFormatAndSize(fixture: Case) throws {
        let info = try ImageHeaderReader.read(fixture.bytes)
        #expect(
            info == ImageInfo(format: fixture.format, width: fixture.width, height: fixture.height, data: fixture.bytes)
        )
        #expect(try ImageHeaderReader.read(Array(fixture.bytes.prefix(fixture.headerLength))).width == fixture.width)
    }

    @Test(arguments: cases)
    func everyShorterPrefixIsARecognisableFailure(fixture: Case) {
        for length in 0..<fixture.headerLength {
            do {
                _ = try ImageHeaderReader.read(Array(fixture.bytes.prefix(length)))
                Issue.record("prefix \(length) of \(fixture.name) was read")
            } catch {
                #expect(error.code == .truncatedImage || error.code == .unrecognizedImage, "prefix \(length)")
                #expect(error.number == -1016)
                #expect(error.domain == "NSURLErrorDomain")
            }
        }
    }

    @Test func truncatedPNGReportsWhereItStopped() {
        let png = ImageFixtures.png(width: 1, height: 1)
        #expect(
            throws: ResponseSerializationError(
                code: .truncatedImage,
                message: "The image data ends inside its header.",
                offset: 20
            )
        ) {
            try ImageHeaderReader.read(Array(png.prefix(20)))
        }
    }

    @Test(
        arguments: [
            ("text", Array("hello world".utf8)),
            ("empty", []),
            ("svg", Array("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8)),
            ("riff wave", Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVEfmt ".utf8)),
        ] as [(String, [UInt8])]
    )
    func unknownDataIsUnrecognized(name: String, data: [UInt8]) {
        #expect(
            throws: ResponseSerializationError(
                code: .unrecognizedImage,
                message: "The data is not an image of a recognised format.",
                offset: 0
            )
        ) {
            try ImageHeaderReader.read(data)
        }
    }

    @Test func malformedHeadersAreUnrecognized() {
        var png = ImageFixtures.png(width: 1, height: 1)
        png[12] = UInt8(ascii: "X")
        #expect(throws: ResponseSerializationError.self) { try ImageHeaderReader.read(png) }
        let zero = ImageFixtures.gif(width: 0, height: 3)
        #expect(
            throws: ResponseSerializationError(
                code: .unrecognizedImage,
                message: "The gif header gives an empty size (0×3).",
                offset: 0
            )
        ) {
            try ImageHeaderReader.read(zero)
        }
        let noFrame: [UInt8] = [0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x02]
        #expect(
            throws: ResponseSerializationError(
                code: .unrecognizedImage,
                message: "The JPEG has no frame header before its image data.",
                offset: 2
            )
        ) {
            try ImageHeaderReader.read(noFrame)
        }
        let emptyIcon: [UInt8] = [0, 0, 1, 0, 0, 0, 16, 16]
        #expect(
            throws: ResponseSerializationError(
                code: .unrecognizedImage,
                message: "The icon directory is empty.",
                offset: 4
            )
        ) {
            try ImageHeaderReader.read(emptyIcon)
        }
    }

    @Test func jpegSegmentLengthBelowTwoIsRejected() {
        let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x01, 0xFF, 0xC0]
        #expect(
            throws: ResponseSerializationError(
                code: .unrecognizedImage,
                message: "A JPEG segment length is below 2.",
                offset: 4
            )
        ) {
            try ImageHeaderReader.read(bytes)
        }
    }

    @Test(arguments: 0..<8)
    func randomBytesAfterAMagicNumberNeverCrash(seed: Int) {
        var generator = SplitMix64(seed: UInt64(seed))
        let magics: [[UInt8]] = [
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], [0xFF, 0xD8, 0xFF], Array("GIF89a".utf8),
            Array("BM".utf8),
            [0x49, 0x49, 0x2A, 0x00], [0x4D, 0x4D, 0x00, 0x2A], [0, 0, 1, 0],
            Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8L".utf8),
        ]
        for _ in 0..<500 {
            let magic = magics[Int.random(in: 0..<magics.count, using: &generator)]
            let tail = (0..<Int.random(in: 0..<64, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
            do {
                let info = try ImageHeaderReader.read(magic + tail)
                #expect(info.width > 0 && info.height > 0, "seed \(seed)")
            } catch {
                #expect(error.code == .truncatedImage || error.code == .unrecognizedImage, "seed \(seed)")
            }
        }
    }
}
