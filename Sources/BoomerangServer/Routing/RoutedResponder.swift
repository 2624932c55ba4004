/// A responder with the name of the route that chose it, for the metrics' `route` label.
struct RoutedResponder {
    var responder: any Responder
    /// The route's or mapping's name; `nil` when nothing matched (404, 405, 501, a refused target).
    var route: String?
}
