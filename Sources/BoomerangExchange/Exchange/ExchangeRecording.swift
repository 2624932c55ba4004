import BoomerangSerialization

/// What the history needs of a recorded exchange beyond its context, gathered while it runs: the
/// path that was routed, the session prefix, and the body as it arrived (before any content
/// coding is undone). The connection keeps it in the ``Exchange``; the echo hands its own values
/// (document, parts, hash) over in ``Response/annotation``, so nothing is decoded twice.
public struct ExchangeRecording {
    /// The path routed: the target's path without its session prefix.
    public let routedPath: Substring
    /// The session named by a `/s/{name}` prefix.
    public let pathSession: Substring?
    public var capture: BodyCapture

    /// `hashesOverflow`: whether the capture hashes a body too large to keep; not when the route
    /// hashes every body itself.
    public init(routedPath: Substring, pathSession: Substring?, maxBodyBytes: Int, hashesOverflow: Bool) {
        self.routedPath = routedPath
        self.pathSession = pathSession
        capture = BodyCapture(maxBytes: maxBodyBytes, hashesOverflow: hashesOverflow)
    }
}
