import BoomerangSerialization
import Testing

@testable import BoomerangExchange

@Suite struct HTTP2EdgesTests {
    static func head(_ target: String, _ fields: [(String, String)] = []) -> HTTPRequestHead {
        var headers: HTTPHeaders = ["Host": "localhost"]
        for (name, value) in fields { headers.add(name: name, value: value) }
        return HTTPRequestHead(method: .get, target: target, version: .http2, headers: headers, framing: .none)
    }

    /// The query is read as the echo that checks the control reads it.
    @Test(arguments: [
        ("/get?x-set-http2-edge=h2-one-stream", "h2-one-stream"),
        ("/get?x-set-http2-edge=h2-one-stream&x-set-http2-edge=h2-tiny-window", "h2-tiny-window"),
        ("/get?x-set-http2-edge=h2-tiny%2Dwindow%20", "h2-tiny-window "),
        ("/get?x-set-http2%2Dedge=h2-tiny-frames", "h2-tiny-frames"),
        ("/get?x-set-http2-edge=h2-one-stream&x-set-http2-edge", ""),
        ("/get?a=1+2", nil),
    ] as [(String, String?)])
    func theQueryIsReadAsTheEchoReadsIt(target: String, asked: String?) {
        #expect(HTTP2Edges.askedName(in: Self.head(target)) == asked)
    }

    @Test func theFieldAnswersWhenTheQueryDoesNotAsk() {
        #expect(HTTP2Edges.askedName(in: Self.head("/get?a=%41", [("x-set-http2-edge", "h2-tiny-frames")])) == "h2-tiny-frames")
        #expect(HTTP2Edges.askedName(in: Self.head("/get?x-set-http2-edge=h2-one-stream", [("x-set-http2-edge", "h2-tiny-frames")])) == "h2-one-stream")
        #expect(HTTP2Edges.askedName(in: Self.head("/get")) == nil)
    }

    @Test func namesAreTakenInAnyCaseWithSpacesAround() {
        #expect(HTTP2Edges.named(" H2-One-Stream ")?.maxConcurrentStreams == 1)
        #expect(HTTP2Edges.named("")?.name == nil)
        #expect(HTTP2Edges.named("h2-huge") == nil)
    }
}
