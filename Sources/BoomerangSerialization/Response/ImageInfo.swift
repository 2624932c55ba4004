/// What the image serializer can say about an image without an image library: its format and pixel
/// size, read from the file header, and the bytes themselves.
public struct ImageInfo: Sendable, Hashable {
    /// The format recognised from the magic number.
    public var format: ImageFormat
    /// The width in pixels.
    public var width: Int
    /// The height in pixels.
    public var height: Int
    /// The image file as received.
    public var data: [UInt8]

    /// Creates a value.
    public init(format: ImageFormat, width: Int, height: Int, data: [UInt8]) {
        self.format = format
        self.width = width
        self.height = height
        self.data = data
    }
}

/// An image file format recognised by ``ImageHeaderReader``. Open for new members.
public struct ImageFormat: Sendable, Hashable, CustomStringConvertible {
    /// The format's short name (`png`).
    public let name: String
    /// The usual MIME type (`image/png`).
    public let mimeType: String

    private init(_ name: String, mimeType: String) {
        self.name = name
        self.mimeType = mimeType
    }

    /// PNG (`89 50 4E 47 0D 0A 1A 0A`; size from IHDR).
    public static let png = ImageFormat("png", mimeType: "image/png")
    /// JPEG (`FF D8 FF`; size from the first SOFn segment).
    public static let jpeg = ImageFormat("jpeg", mimeType: "image/jpeg")
    /// GIF87a / GIF89a (size from the logical screen descriptor).
    public static let gif = ImageFormat("gif", mimeType: "image/gif")
    /// Windows bitmap (`BM`; size from the DIB header, a negative height meaning top-down).
    public static let bmp = ImageFormat("bmp", mimeType: "image/bmp")
    /// TIFF, either byte order (size from ImageWidth and ImageLength in the first IFD).
    public static let tiff = ImageFormat("tiff", mimeType: "image/tiff")
    /// Windows icon (`00 00 01 00`; size of the first entry, 0 meaning 256).
    public static let ico = ImageFormat("ico", mimeType: "image/x-icon")
    /// WebP (`RIFF….WEBP`; size from a VP8, VP8L or VP8X chunk).
    public static let webp = ImageFormat("webp", mimeType: "image/webp")

    /// The short name.
    public var description: String { name }
}
