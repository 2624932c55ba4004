import BoomerangSerialization
import Foundation
import Testing

@Suite struct PropertyListResponseSerializerTests {
    let serializer = PropertyListResponseSerializer()
    let response = ResponseValue.fixture(contentType: "application/x-plist")

    static let xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0"><dict><key>b</key><array><integer>1</integer><true/></array><key>a</key><string>x</string></dict></plist>
        """

    @Test func acceptableTypeIsOnlyXPlist() {
        #expect(serializer.base.acceptableContentTypes == ["application/x-plist"])
        let xmlResponse = ResponseValue.fixture(contentType: "application/xml")
        let data = bytes(Self.xml)
        #expect(
            serializer.serialize(response: xmlResponse, data: data)
                == ResponseSerialization(object: nil, error: .contentType(xmlResponse, data))
        )
    }

    @Test func readsXMLBinaryAndOpenStep() throws {
        let expected: StructuredValue = ["a": "x", "b": [1, true]]
        #expect(
            serializer.serialize(response: response, data: bytes(Self.xml))
                == ResponseSerialization(object: expected, error: nil)
        )
        let binary = try PropertyListSerialization.data(
            fromPropertyList: ["a": "x", "b": [1, true]] as [String: Any],
            format: .binary,
            options: 0
        )
        #expect(serializer.serialize(response: response, data: [UInt8](binary)).object == expected)
        #expect(
            serializer.serialize(response: response, data: bytes(#"{ a = x; b = (y); }"#)).object == [
                "a": "x", "b": ["y"],
            ]
        )
        #expect(
            serializer.serializeResponseObject(response: response, data: bytes(Self.xml)).object
                == .propertyList(expected)
        )
    }

    @Test func nilDataGivesNilWithoutError() {
        #expect(
            serializer.serialize(response: .fixture(status: 204), data: nil)
                == ResponseSerialization(object: nil, error: nil)
        )
    }

    @Test func emptyDataIsAZeroLengthError() {
        let result = serializer.serialize(response: .fixture(status: 204), data: [])
        #expect(
            result
                == ResponseSerialization(
                    object: nil,
                    error: ResponseSerializationError(
                        code: .invalidPropertyList,
                        message: "Cannot parse a NULL or zero-length data"
                    )
                )
        )
        #expect(result.error?.domain == "NSCocoaErrorDomain")
        #expect(result.error?.number == 3840)
    }

    @Test func jsonTextIsAnErrorOnTopOfTheStatusError() {
        let response = ResponseValue.fixture(status: 500, contentType: "application/x-plist")
        let data = bytes(#"{"a":1}"#)
        let result = serializer.serialize(response: response, data: data)
        #expect(result.object == nil)
        #expect(result.error?.code == .invalidPropertyList)
        #expect(result.error?.underlyingError == .status(response, data, "internal server error"))
    }

    @Test func badStatusWithValidPlistGivesObjectAndError() {
        let response = ResponseValue.fixture(status: 404, contentType: "application/x-plist")
        let data = bytes(Self.xml)
        let result = serializer.serialize(response: response, data: data)
        #expect(result.object == ["a": "x", "b": [1, true]])
        #expect(result.error == .status(response, data, "not found"))
        #expect(serializer.objectIgnoringErrors(response: response, data: data) == nil)
    }

    @Test func billionLaughsIsRefused() {
        let data = bytes(
            """
            <?xml version="1.0"?><!DOCTYPE plist [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
            <plist version="1.0"><string>&b;</string></plist>
            """
        )
        #expect(serializer.serialize(response: response, data: data).error?.code == .invalidPropertyList)
    }
}
