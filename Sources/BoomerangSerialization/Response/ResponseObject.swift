/// The output of any response serializer with its type erased, so a
/// ``CompoundResponseSerializer`` can hold serializers of different outputs.
public enum ResponseObject: Sendable, Hashable {
    /// The raw body (``HTTPResponseSerializer``, and the compound's fallback).
    case data([UInt8])
    /// A JSON document (``JSONResponseSerializer``).
    case json(StructuredValue)
    /// The bytes an XML parser will read, not yet parsed (``XMLParserResponseSerializer``;
    /// `BoomerangXML` turns them into a Foundation `XMLParser`).
    case xmlParser([UInt8])
    /// The bytes of a well-formed XML document (`BoomerangXML`'s `XMLDocumentResponseSerializer`,
    /// which also gives the Foundation `XMLDocument`).
    case xmlDocument([UInt8])
    /// A property list (``PropertyListResponseSerializer``).
    case propertyList(StructuredValue)
    /// An image's format and pixel size (``ImageResponseSerializer``).
    case image(ImageInfo)
}
