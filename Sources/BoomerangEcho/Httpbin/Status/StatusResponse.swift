import BoomerangExchange
import BoomerangSerialization

/// httpbin's answer for a status: most statuses have an empty `text/html` body; the special cases
/// carry the headers a client expects with them (`Location` on a redirect, `WWW-Authenticate` on
/// a 401, …) and, for a few, a body.
package enum StatusResponse {
    /// Where the redirect statuses point.
    package static let redirectLocation = "/redirect/1"

    /// The media types `/image` can produce, listed in the 406 answer.
    package static let imageMediaTypes = ["image/webp", "image/svg+xml", "image/jpeg", "image/png", "image/*"]

    /// The response for `status`.
    package static func make(_ status: Int) -> Response {
        var response = Response(status: status)
        switch status {
        case 301, 302, 303, 305, 307:
            response.headers = ["Location": redirectLocation]
        case 304:
            break
        case 401:
            response.headers = ["WWW-Authenticate": #"Basic realm="Fake Realm""#]
        case 402:
            response.headers = ["X-More-Info": "https://www.rfc-editor.org/rfc/rfc9110#name-402-payment-required"]
            response.body = Array("Payment required.".utf8)
        case 406:
            let document: StructuredValue = .object(StructuredObject([
                ("message", .string("Client did not request a supported media type.")),
                ("accept", .array(imageMediaTypes.map(StructuredValue.string))),
            ]))
            response = .json(document, status: 406)
        case 407:
            response.headers = ["Proxy-Authenticate": #"Basic realm="Fake Realm""#]
        case 418:
            response.headers = ["X-More-Info": "https://www.rfc-editor.org/rfc/rfc2324"]
            response.body = Array(teapot.utf8)
        default:
            response.headers = ["Content-Type": "text/html; charset=utf-8"]
        }
        // An interim status is final for no HTTP/1.1 client: closing lets it fail at once.
        response.closeConnection = status < 200
        return response
    }

    private static let teapot = """

          ( (
           ) )
        .______.
        |      |]   short and stout:
        \\      /    brewing, not serving coffee
         `----'

        """
}
