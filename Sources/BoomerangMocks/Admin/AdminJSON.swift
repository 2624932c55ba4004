import BoomerangExchange
import BoomerangSerialization

/// The admin API's JSON answers, shared by the history's, the mappings' and the operations' routes.
package enum AdminJSON {
    /// A JSON answer that no cache keeps.
    package static func response(_ value: StructuredValue, status: Int = 200) -> Response {
        let body = (try? JSONWriter(configuration: .pretty).write(value)) ?? Array("{}\n".utf8)
        return Response(status: status, headers: ["Content-Type": "application/json", "Cache-Control": "no-store"], body: body)
    }
}
