import BoomerangExchange
import BoomerangOperations
import BoomerangSerialization
import BoomerangSettings
import Logging
import Testing

@testable import BoomerangServer

@Suite struct LoopServicesTests {
    private let services = LoopServices(index: 0, shared: ServerContext(settings: ServerSettings(), log: Logger(label: "test")))

    private func head(requestID: String?) -> HTTPRequestHead {
        var headers: HTTPHeaders = ["Host": "x"]
        if let requestID { headers.add(name: "X-Request-ID", value: requestID) }
        return HTTPRequestHead(method: .get, target: "/get", headers: headers)
    }

    /// A client's `X-Request-ID` of 1 to 200 bytes of visible ASCII is the exchange's id, which the
    /// echo, the history, the access log and mock templates all read.
    @Test(arguments: ["client-7", "8a1f5c2e-9d4b-4e7a-b3c1-6f0e2d9a7b58", String(repeating: "r", count: 200)])
    func theClientsRequestIDIsTheExchangesID(_ sent: String) {
        let id = services.requestID(for: head(requestID: sent))
        #expect(id == sent)
        let context = RequestContext(head: head(requestID: sent), remoteHost: "127.0.0.1", requestID: id, loopIndex: 0, receivedAt: 0)
        #expect(AccessRecord(Exchange(context: context), durationMicros: 1).requestID == sent)
    }

    @Test(arguments: [nil, "", String(repeating: "r", count: 201), "has space", "ünïcode", "tab\tinside"])
    func anotherGetsAFreshServerID(_ sent: String?) {
        let first = services.requestID(for: head(requestID: sent))
        let second = services.requestID(for: head(requestID: sent))
        #expect(!first.isEmpty && first != sent && first != second)
    }
}
