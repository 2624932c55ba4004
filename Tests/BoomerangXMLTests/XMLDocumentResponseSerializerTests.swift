import BoomerangSerialization
import BoomerangXML
import Foundation
import FoundationXML
import Testing

@Suite struct XMLDocumentResponseSerializerTests {
    let serializer = XMLDocumentResponseSerializer()
    let response = ResponseValue(
        statusCode: 200,
        headers: ["Content-Type": "application/xml"],
        url: "http://127.0.0.1/x"
    )

    @Test func decodesAWellFormedDocument() {
        let result = serializer.serialize(response: response, data: Array("<a><b>x</b></a>".utf8))
        #expect(result.error == nil)
        #expect(result.object?.rootElement()?.name == "a")
        #expect(result.object?.rootElement()?.stringValue == "x")
    }

    @Test func acceptableTypesAreXML() {
        #expect(serializer.base.acceptableContentTypes == ["application/xml", "text/xml"])
        let json = ResponseValue(
            statusCode: 200,
            headers: ["Content-Type": "application/json"],
            url: "http://127.0.0.1/x"
        )
        let result = serializer.serialize(response: json, data: Array("<a/>".utf8))
        #expect(result.object == nil)
        #expect(result.error?.code == .unacceptableContentType)
    }

    @Test func truncatedDocumentIsAParseErrorNotACrash() {
        let result = serializer.serialize(response: response, data: Array("<a><b>x</b>".utf8))
        #expect(result.object == nil)
        #expect(result.error?.code == .invalidXML)
        #expect(result.error?.number == 5)
        #expect(result.error?.underlyingError == nil)
    }

    @Test(arguments: [[UInt8]?.none, .some([])])
    func emptyOrNilDataIsAParseError(data: [UInt8]?) {
        let result = serializer.serialize(response: response, data: data)
        #expect(result.object == nil)
        #expect(
            result.error
                == ResponseSerializationError(
                    code: .invalidXML,
                    message: "The document is empty.",
                    offset: 0,
                    number: 4
                )
        )
    }

    @Test func parseErrorIsOnTopOfTheStatusError() {
        let notFound = ResponseValue(statusCode: 404, headers: ["Content-Type": "text/xml"], url: "http://127.0.0.1/x")
        let data = Array("<a>".utf8)
        let result = serializer.serialize(response: notFound, data: data)
        #expect(result.error?.chain.map(\.code) == [.invalidXML, .unacceptableStatusCode])
        #expect(result.error?.underlyingError?.message == "Request failed: not found (404)")
    }

    @Test func badStatusWithGoodDocumentGivesBoth() {
        let notFound = ResponseValue(statusCode: 404, headers: ["Content-Type": "text/xml"], url: "http://127.0.0.1/x")
        let result = serializer.serialize(response: notFound, data: Array("<err/>".utf8))
        #expect(result.object?.rootElement()?.name == "err")
        #expect(result.error?.code == .unacceptableStatusCode)
        #expect(serializer.objectIgnoringErrors(response: notFound, data: Array("<err/>".utf8)) == nil)
    }

    @Test func externalEntitiesAreNeverLoaded() {
        let text =
            "<?xml version=\"1.0\"?><!DOCTYPE a [<!ENTITY x SYSTEM \"file:///etc/hostname\"><!ENTITY y \"in\">]><a>&x;|&y;</a>"
        let result = serializer.serialize(response: response, data: Array(text.utf8))
        #expect(result.error == nil)
        #expect(result.object?.rootElement()?.stringValue == "|in")
    }

    @Test func erasesToCheckedBytesAndRebuilds() {
        let data = Array("<a>1</a>".utf8)
        let erased = serializer.serializeResponseObject(response: response, data: data)
        #expect(erased == ResponseSerialization(object: .xmlDocument(data), error: nil))
        #expect(erased.object?.makeXMLDocument()?.rootElement()?.stringValue == "1")
        #expect(ResponseObject.json([]).makeXMLDocument() == nil)
    }

    @Test func worksInsideACompound() {
        let compound = CompoundResponseSerializer([JSONResponseSerializer(), XMLDocumentResponseSerializer()])
        let data = Array("<a/>".utf8)
        #expect(compound.serialize(response: response, data: data).object == .xmlDocument(data))
        let broken = Array("<a>".utf8)
        #expect(compound.serialize(response: response, data: broken).object == .data(broken))
    }
}

@Suite struct XMLParserResponseSerializerFoundationXMLTests {
    final class Collector: NSObject, XMLParserDelegate {
        var names: [String] = []
        func parser(
            _ parser: XMLParser,
            didStartElement elementName: String,
            namespaceURI: String?,
            qualifiedName: String?,
            attributes: [String: String]
        ) {
            names.append(elementName)
        }
    }

    @Test func returnsAnUnparsedParser() throws {
        let response = ResponseValue(statusCode: 200, headers: ["Content-Type": "text/xml"], url: "http://127.0.0.1/x")
        let result = XMLParserResponseSerializer().parser(response: response, data: Array("<a><b/></a>".utf8))
        #expect(result.error == nil)
        let parser = try #require(result.object)
        #expect(!parser.shouldResolveExternalEntities)
        let collector = Collector()
        parser.delegate = collector
        #expect(parser.parse())
        #expect(collector.names == ["a", "b"])
    }

    @Test func invalidXMLStillGivesAParserAndNoError() {
        let response = ResponseValue(statusCode: 200, headers: ["Content-Type": "text/xml"], url: "http://127.0.0.1/x")
        let result = XMLParserResponseSerializer().parser(response: response, data: Array("not xml".utf8))
        #expect(result.error == nil)
        #expect(result.object != nil)
        #expect(ResponseObject.xmlParser([]).makeXMLParser() != nil)
        #expect(ResponseObject.data([]).makeXMLParser() == nil)
    }
}
