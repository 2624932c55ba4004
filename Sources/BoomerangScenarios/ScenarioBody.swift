public import BoomerangSerialization

/// A response body a scenario serves, with what each decoder makes of it, written by hand from the
/// specification (not by running the decoders).
///
/// A reading left `nil` is one no catalogue row needs: the body is never served with a content
/// type that lets that decoder run (the catalogue tests check that every needed reading is there).
public struct ScenarioBody: Sendable, Hashable {
    /// What a decoder makes of the body: a value, or the error it reports.
    public enum Reading<Value: Sendable & Hashable>: Sendable, Hashable {
        /// The decoded value.
        case value(Value)
        /// The decoding error (placed on top of any validation error).
        case failure(ExpectedError)
    }

    /// A short label for the body kind (`valid`, `utf16le-bom`, `truncated`, `png`).
    public var label: String
    /// A one-line description of the body.
    public var summary: String
    /// The bytes.
    public var bytes: [UInt8]
    /// `JSONSerialization` without fragments (UTF-8/16/32 detection, BOM skipped).
    public var json: Reading<StructuredValue>?
    /// The JSON value after `removesKeysWithNullValues`; `nil` means the same as ``json``.
    public var jsonWithoutNulls: StructuredValue?
    /// `PropertyListSerialization` (XML, binary or OpenStep).
    public var propertyList: Reading<StructuredValue>?
    /// Well-formedness for `XMLDocument` (libxml2's error code on failure); the value is unused.
    public var xml: Reading<Bool>?
    /// The image header: format name, width and height.
    public var image: Reading<ImageSize>?

    /// An image's format name and pixel size.
    public struct ImageSize: Sendable, Hashable {
        /// `png`, `jpeg`, `gif`, `bmp`, `tiff`, `ico`, `webp`.
        public var format: String
        /// Width in pixels.
        public var width: Int
        /// Height in pixels.
        public var height: Int
    }

    /// Creates a body.
    public init(
        label: String,
        summary: String,
        bytes: [UInt8],
        json: Reading<StructuredValue>? = nil,
        jsonWithoutNulls: StructuredValue? = nil,
        propertyList: Reading<StructuredValue>? = nil,
        xml: Reading<Bool>? = nil,
        image: Reading<ImageSize>? = nil
    ) {
        self.label = label
        self.summary = summary
        self.bytes = bytes
        self.json = json
        self.jsonWithoutNulls = jsonWithoutNulls
        self.propertyList = propertyList
        self.xml = xml
        self.image = image
    }

    /// Whether the body is exactly one space byte (the JSON serializer's Rails quirk).
    var isSingleSpace: Bool { bytes == [0x20] }
}
