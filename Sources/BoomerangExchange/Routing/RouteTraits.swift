/// What the server does around a route's own answers: declared once for a group of routes where
/// the group is registered (``RouteGroup``), and read from there by the router, never from a
/// route's name.
public struct RouteTraits: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// The history records its exchanges. A request under a session prefix (`/s/{name}/…`) is
    /// recorded whatever its route's traits say.
    public static let recorded = RouteTraits(rawValue: 1 << 0)
    /// Its answers are compressed for the client's `Accept-Encoding` when the `compress_responses`
    /// setting or the request asks for it.
    public static let contentCoded = RouteTraits(rawValue: 1 << 1)
    /// Its answers carry the CORS fields of the `cors` setting.
    public static let crossOrigin = RouteTraits(rawValue: 1 << 2)
    /// It hashes every request body it reads (the echo does, multipart bodies part by part), so
    /// the history does not hash a body too large for it to keep a second time.
    public static let hashesBodies = RouteTraits(rawValue: 1 << 3)
    /// Its request body reaches it as received: a coded body (`Content-Encoding`) is not decoded
    /// (`/dump/request` shows the bytes on the wire).
    public static let rawRequestBody = RouteTraits(rawValue: 1 << 5)
    /// The web page fetches it itself: a `GET` marked as the page's own (``pageMarker``) is not
    /// recorded, so that the page does not fill the history it shows.
    public static let fetchedByPage = RouteTraits(rawValue: 1 << 4)

    /// What the routes a client under test calls have: recorded, coded and open to other origins.
    public static let product: RouteTraits = [.recorded, .contentCoded, .crossOrigin]

    /// The field the web page puts on its own fetches of the routes it shows.
    public static let pageMarker = "X-Boomerang-Page"
}
