public import BoomerangSerialization
import Foundation
public import FoundationXML

/// `AFXMLDocumentResponseSerializer` on FoundationXML: validates, checks well-formedness with
/// ``XMLWellFormedness``, then builds an `XMLDocument` (spec §2.5).
///
/// A parse failure (empty and `nil` data included) is the error on top, `NSXMLParserErrorDomain`
/// with the parser's code, and the validation error underneath, as with JSON. The document is built
/// only from data the checker accepted — FoundationXML's `XMLDocument(data:)` crashes on some
/// malformed input on Linux — and always with `.nodeLoadExternalEntitiesNever`, because without it
/// FoundationXML loads `SYSTEM` entities (a local file, say).
public struct XMLDocumentResponseSerializer: ResponseSerializer {
    /// The validation settings (acceptable types `application/xml`, `text/xml`).
    public var base: HTTPResponseSerializer
    /// The well-formedness check and its limits.
    public var checker: XMLWellFormedness
    /// `XMLDocument` options (AFNetworking's `options`, default none);
    /// `.nodeLoadExternalEntitiesNever` is always added.
    public var options: XMLNode.Options

    /// Creates a serializer.
    public init(
        base: HTTPResponseSerializer = HTTPResponseSerializer(
            acceptableContentTypes: XMLParserResponseSerializer.defaultAcceptableContentTypes
        ),
        checker: XMLWellFormedness = XMLWellFormedness(),
        options: XMLNode.Options = []
    ) {
        self.base = base
        self.checker = checker
        self.options = options
    }

    /// `.xmlDocument(data)`: the well-formed bytes the document was built from.
    public func responseObject(from output: XMLDocument, data: [UInt8]?) -> ResponseObject {
        .xmlDocument(data ?? [])
    }

    /// Checks and parses a body without validation.
    ///
    /// - Throws: ``ResponseSerializationError`` with code ``ResponseSerializationError/Code/invalidXML``.
    public func decode(_ data: [UInt8]) throws(ResponseSerializationError) -> XMLDocument {
        try checker.check(data)
        do {
            return try XMLDocument(data: Data(data), options: options.union(.nodeLoadExternalEntitiesNever))
        } catch {
            let nsError = error as NSError
            throw ResponseSerializationError(code: .invalidXML, message: "\(nsError)", number: nsError.code)
        }
    }

    /// Validates, then decodes unless the content type failed (the gate of AFNetworking's subclasses).
    public func serialize(response: ResponseValue?, data: [UInt8]?, reportsErrors: Bool) -> ResponseSerialization<XMLDocument> {
        base.gated(response: response, data: data, reportsErrors: reportsErrors) { validationError in
            .decoding(validationError: validationError, reportsErrors: reportsErrors) { () throws(ResponseSerializationError) in
                try decode(data ?? [])
            }
        }
    }
}
