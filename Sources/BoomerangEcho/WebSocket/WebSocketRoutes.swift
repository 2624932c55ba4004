import BoomerangExchange
import BoomerangSerialization
import BoomerangWire

/// The WebSocket routes: go-httpbin's `/websocket/echo` (with its `max_fragment_size` and
/// `max_message_size`), and Firewalk's `/websocket`, `/websocket/echo`,
/// `/websocket/payloads/{count}` and `/websocket/ping/{count}`. The handshake is checked strictly
/// before anything else (``WebSocketHandshake``); a refused one is answered with its status
/// (400, 405 or 426) and error code, and the connection stays HTTP. The echo's
/// `x-set-response-delay-ms` holds the handshake's answer, for a client's handshake timeout.
package enum WebSocketRoutes {
    /// go-httpbin's body limit, which bounds its echo's message size (1 MiB).
    package static let maxEchoMessageBytes = 1024 * 1024
    /// The longest close delay a client may ask for, in milliseconds.
    package static let maxCloseDelayMilliseconds: UInt64 = 60_000
    /// The most messages `/websocket/payloads/{count}` sends.
    package static let maxPayloadCount = 1000
    /// The most pings `/websocket/ping/{count}` waits for.
    package static let maxPingCount = 10_000

    package static func register(in group: inout RouteGroup, configuration: HttpbinConfiguration) {
        group.add(
            "echo", .only([.get]), "/websocket/echo",
            summary: "WebSocket: each message echoed with its type; max_fragment_size and max_message_size (go-httpbin)"
        ) { request throws(ServerError) in
            let accepted = try accept(request, maxDelay: configuration.maxResponseDelayMilliseconds)
            let query = HttpbinQuery(request.head)
            var maxMessage = maxEchoMessageBytes
            if let text = query.first("max_message_size") {
                maxMessage = try NumericParameter.int("max_message_size", text, in: 1...maxEchoMessageBytes)
            }
            var maxFragment = min(maxEchoMessageBytes / 2, maxMessage)
            if let text = query.first("max_fragment_size") {
                maxFragment = try NumericParameter.int("max_fragment_size", text, in: 1...maxMessage)
            }
            let session = WebSocketSessionConfiguration(
                parser: WebSocketParserConfiguration(maxFrameBytes: maxFragment, maxMessageBytes: maxMessage),
                maxSentFragmentBytes: maxFragment)
            return upgrade(accepted, WebSocketEchoBehavior(), configuration: session)
        }
        group.add(
            "payload", .only([.get]), "/websocket",
            summary: "WebSocket: Firewalk's reply as one binary message, then a close (closeCode, closeDelay ms)"
        ) { request throws(ServerError) in
            try payloads(request, accepted: try accept(request, maxDelay: configuration.maxResponseDelayMilliseconds), count: 1)
        }
        group.add(
            "payloads", .only([.get]), "/websocket/payloads/{count}",
            summary: "WebSocket: Firewalk's reply as count binary messages, then a close (closeCode, closeDelay ms)"
        ) { request throws(ServerError) in
            let accepted = try accept(request, maxDelay: configuration.maxResponseDelayMilliseconds)
            return try payloads(request, accepted: accepted, count: try countParameter(request, in: 0...maxPayloadCount))
        }
        group.add(
            "ping", .only([.get]), "/websocket/ping/{count}",
            summary: "WebSocket: each ping answered with a pong; the count-th closes with 1001"
        ) { request throws(ServerError) in
            let accepted = try accept(request, maxDelay: configuration.maxResponseDelayMilliseconds)
            let count = try countParameter(request, in: 0...maxPingCount)
            return upgrade(accepted, WebSocketPingCountBehavior(count: count), configuration: WebSocketSessionConfiguration())
        }
    }

    /// Firewalk's `/websocket` and `/websocket/payloads/{count}`.
    private static func payloads(_ request: RouteRequest, accepted: Response, count: Int) throws(ServerError) -> any Responder {
        let query = HttpbinQuery(request.head)
        var closeCode = WebSocketCloseCode.normalClosure
        if let text = query.first("closeCode") {
            let number = try NumericParameter.int("closeCode", text, in: 0...Int(UInt16.max))
            closeCode = WebSocketCloseCode(UInt16(number))
            guard closeCode.isAllowedOnWire else {
                throw ServerError(.invalidParameter, "closeCode must be one a close frame may carry (1000–1003, 1007–1014, 3000–4999)", value: text)
            }
        }
        var closeDelay: UInt64 = 30
        if let text = query.first("closeDelay") {
            closeDelay = UInt64(try NumericParameter.int("closeDelay", text, in: 0...Int(maxCloseDelayMilliseconds)))
        }
        let payload = FirewalkReply(context: request.context, body: nil).json
        let behavior = WebSocketPayloadsBehavior(payload: payload, count: count, closeCode: closeCode, closeDelayMilliseconds: closeDelay)
        return upgrade(accepted, behavior, configuration: WebSocketSessionConfiguration())
    }

    /// `{count}`, 1 when it is not a number (as in Firewalk), else within `range`.
    private static func countParameter(_ request: RouteRequest, in range: ClosedRange<Int>) throws(ServerError) -> Int {
        guard let text = request.parameters.string("count"), Int(text) != nil else { return 1 }
        return try NumericParameter.int("count", text, in: range)
    }

    /// Checks the handshake, before the route's parameters: the answer that starts the session,
    /// 101, or over HTTP/2 (an extended CONNECT, RFC 8441) 200. The first subprotocol offered is
    /// accepted, as Firewalk does. The answer waits for `x-set-response-delay-ms` (at most
    /// `maxDelay`); the echo's other controls have no meaning for a handshake and are refused.
    package static func accept(_ request: RouteRequest, maxDelay: Int) throws(ServerError) -> Response {
        var response: Response
        do {
            if let stream = request.context.stream {
                let handshake = try WebSocketHandshake(
                    validatingExtendedConnect: request.head, connectProtocol: stream.pseudoHeaders[":protocol"])
                response = Response(status: 200)
                if let chosen = handshake.offeredProtocols.first { response.headers.add(name: "Sec-WebSocket-Protocol", value: chosen) }
            } else {
                let handshake = try WebSocketHandshake(validating: request.head)
                let headers = handshake.responseHeaders(
                    acceptValue: WebSocketAccept.value(for: handshake), protocol: handshake.offeredProtocols.first)
                response = Response(status: 101, headers: headers)
            }
        } catch {
            throw ServerError(error)
        }
        response.sendsSecurityHeaders = false
        response.delayMilliseconds = try handshakeDelay(request.head, maxDelay: maxDelay)
        return response
    }

    /// The `accepted` answer with a session running `behavior`.
    package static func upgrade(
        _ accepted: Response, _ behavior: some WebSocketBehavior, configuration: WebSocketSessionConfiguration
    ) -> any Responder {
        var response = accepted
        response.upgrade = WebSocketConnection(session: WebSocketSession(behavior: behavior, configuration: configuration))
        return FixedResponder(response)
    }

    /// The handshake's `x-set-response-delay-ms`, in milliseconds (0 without it).
    private static func handshakeDelay(_ head: HTTPRequestHead, maxDelay: Int) throws(ServerError) -> Int {
        let controls: ResponseControls
        do {
            let query = head.query.map { FormDecoding.pairs(String($0), plusAsSpace: false).pairs } ?? []
            controls = try ResponseControls(query: query, headers: head.headers, maxDelayMilliseconds: maxDelay)
        } catch {
            throw ServerError(.invalidControl, "\(error.name) was \"\(error.value)\"; expected \(error.expected)", value: error.value)
        }
        let others: [(String, Bool)] = [
            (ResponseControls.statusName, controls.status != nil), (ResponseControls.contentTypeName, controls.contentType != nil),
            (ResponseControls.formatName, controls.format != nil), (ResponseControls.faultName, controls.fault != nil),
            (ResponseControls.failTimesName, controls.failTimes != nil), (ResponseControls.multipartModeName, controls.multipartMode != nil),
        ]
        if let (name, _) = others.first(where: \.1) {
            throw ServerError(
                .invalidControl, "\(name) has no meaning for a WebSocket handshake; it takes \(ResponseControls.delayName) only", value: name)
        }
        return controls.delayMilliseconds
    }
}

extension ServerError {
    /// A refused WebSocket handshake: its code and status, the offending field, and the fields
    /// the refusal must carry (`Allow`, `Upgrade`, `Sec-WebSocket-Version`).
    package init(_ error: WebSocketHandshakeError) {
        self.init(
            Code(error.code.name, status: error.status), "the WebSocket handshake was refused: \(error.code.name)",
            value: error.value, headers: error.headers)
    }
}
