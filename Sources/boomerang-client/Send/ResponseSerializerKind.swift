import ArgumentParser
import BoomerangSerialization
import BoomerangXML
import Foundation

/// The response serializer `send --response` picks.
enum ResponseSerializerKind: String, CaseIterable, ExpressibleByArgument {
    /// `HTTPResponseSerializer`: the body as bytes; any content type.
    case http
    /// `JSONResponseSerializer`.
    case json
    /// `XMLParserResponseSerializer`.
    case xml
    /// `XMLDocumentResponseSerializer` (a well-formed document).
    case xmlDocument = "xml-document"
    /// `PropertyListResponseSerializer`.
    case plist
    /// `ImageResponseSerializer`.
    case image
    /// `CompoundResponseSerializer` of JSON, XML document, property list and image, in that order.
    case compound

    /// The serializer, with its acceptable status codes and content types replaced when given.
    ///
    /// - Parameters:
    ///   - statusCodes: the acceptable status codes; `nil` keeps the default (200–299).
    ///   - contentTypes: the acceptable MIME types; `nil` keeps the serializer's default.
    ///   For the compound serializer both apply to every component and to the fallback.
    func serializer(statusCodes: AcceptableSet<Int>?, contentTypes: AcceptableSet<String>?) -> any ResponseSerializer {
        func adjust(_ base: HTTPResponseSerializer) -> HTTPResponseSerializer {
            var base = base
            if let statusCodes { base.acceptableStatusCodes = statusCodes.values }
            if let contentTypes { base.acceptableContentTypes = contentTypes.values }
            return base
        }
        switch self {
        case .http:
            return adjust(HTTPResponseSerializer())
        case .json:
            var serializer = JSONResponseSerializer()
            serializer.base = adjust(serializer.base)
            return serializer
        case .xml:
            var serializer = XMLParserResponseSerializer()
            serializer.base = adjust(serializer.base)
            return serializer
        case .xmlDocument:
            var serializer = XMLDocumentResponseSerializer()
            serializer.base = adjust(serializer.base)
            return serializer
        case .plist:
            var serializer = PropertyListResponseSerializer()
            serializer.base = adjust(serializer.base)
            return serializer
        case .image:
            var serializer = ImageResponseSerializer()
            serializer.base = adjust(serializer.base)
            return serializer
        case .compound:
            let parts: [any ResponseSerializer] = [
                Self.json, Self.xmlDocument, Self.plist, Self.image,
            ].map { $0.serializer(statusCodes: statusCodes, contentTypes: contentTypes) }
            var serializer = CompoundResponseSerializer(parts)
            serializer.base = adjust(serializer.base)
            return serializer
        }
    }
}

/// A set of acceptable values, or `nil` values for "accept anything" (AFNetworking's `nil`).
struct AcceptableSet<Element: Hashable>: Equatable {
    /// The values, or `nil` for any.
    var values: Set<Element>?
}

extension AcceptableSet<Int> {
    /// Reads `any`, or a comma-separated list of codes and inclusive ranges: `200-299,304`.
    static func statusCodes(_ text: String) -> AcceptableSet<Int>? {
        if text == "any" { return AcceptableSet(values: nil) }
        var codes = Set<Int>()
        for piece in text.split(separator: ",", omittingEmptySubsequences: false) {
            let bounds = piece.split(separator: "-", omittingEmptySubsequences: false)
            guard (1...2).contains(bounds.count),
                let low = Int(bounds[0]), let high = Int(bounds[bounds.count - 1]),
                (100...999).contains(low), (100...999).contains(high), low <= high
            else { return nil }
            codes.formUnion(low...high)
        }
        return AcceptableSet(values: codes)
    }
}

extension AcceptableSet<String> {
    /// Reads `any`, or a comma-separated list of MIME types, lower-cased (`application/json,text/plain`).
    static func contentTypes(_ text: String) -> AcceptableSet<String>? {
        if text == "any" { return AcceptableSet(values: nil) }
        var types = Set<String>()
        for piece in text.split(separator: ",", omittingEmptySubsequences: false) {
            let type = piece.trimmingCharacters(in: .whitespaces).lowercased()
            guard type.contains("/"), !type.contains(" ") else { return nil }
            types.insert(type)
        }
        return AcceptableSet(values: types)
    }
}
