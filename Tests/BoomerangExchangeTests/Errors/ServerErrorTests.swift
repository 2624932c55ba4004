import BoomerangSerialization
import Foundation
import Testing

@testable import BoomerangExchange

@Suite struct ServerErrorTests {
    func head(accept: String?) -> HTTPRequestHead {
        var headers: HTTPHeaders = ["Host": "h"]
        if let accept { headers.add(name: "Accept", value: accept) }
        return HTTPRequestHead(method: .get, target: "/x", headers: headers)
    }

    @Test func aCodeKnowsItsStatusAndWhetherTheConnectionCloses() {
        #expect(ServerError.Code.notFound.status == 404)
        #expect(!ServerError.Code.notFound.closesConnection)
        #expect(ServerError.Code.headerTimeout.closesConnection)
    }

    @Test func jsonIsTheDefaultWithStatusCodeMessageValueAndOffset() throws {
        let error = ServerError(.invalidParameter, "n is too large", value: "1e9", offset: 3, headers: ["X-A": "1"])
        let response = error.response(for: head(accept: nil))
        #expect(response.status == 400)
        #expect(response.headers["Content-Type"] == "application/json")
        #expect(response.headers["X-A"] == "1")
        #expect(!response.closeConnection)
        let json = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
        let body = try #require(json?["error"] as? [String: Any])
        #expect(body["status"] as? Int == 400)
        #expect(body["code"] as? String == "invalidParameter")
        #expect(body["message"] as? String == "n is too large")
        #expect(body["value"] as? String == "1e9")
        #expect(body["offset"] as? Int == 3)
    }

    @Test func theNegotiatedFormatIsUsed() throws {
        let error = ServerError(.notFound, "no route")
        let plist = error.response(for: head(accept: "application/x-plist"))
        #expect(plist.headers["Content-Type"] == "application/x-plist")
        let decoded = try PropertyListSerialization.propertyList(from: Data(plist.body), format: nil) as? [String: Any]
        #expect((decoded?["error"] as? [String: Any])?["code"] as? String == "notFound")
        let xml = error.response(for: head(accept: "application/xml"))
        #expect(xml.headers["Content-Type"] == "application/xml")
        #expect(String(decoding: xml.body, as: UTF8.self).contains("notFound"))
        let unacceptable = error.response(for: head(accept: "image/png"))
        #expect(unacceptable.headers["Content-Type"] == "application/json")
    }

    @Test func withoutAHeadTheAnswerIsJSONAndClosesWhenTheCodeSays() {
        let response = ServerError(.bodyTooSlow, "slow").response(for: nil)
        #expect(response.status == 408)
        #expect(response.closeConnection)
        #expect(response.headers["Content-Type"] == "application/json")
    }

    @Test func oneReasonPhraseTable() {
        #expect(HTTPStatus.reasonPhrase(for: 413) == "Content Too Large")
        #expect(HTTPStatusText.text(for: 413, style: .linux) == "Payload Too Large")
        #expect(HTTPStatusText.text(for: 404, style: .linux) == HTTPStatus.reasonPhrase(for: 404))
        #expect(HTTPStatusText.text(for: 418, style: .linux) == "Client Error")
    }
}
