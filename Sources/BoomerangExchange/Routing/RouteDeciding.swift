/// A responder that learns from the body which route answers: a mock mapping with body patterns
/// falls back to the built-in route when the body does not match. The history and the metrics
/// read ``answeredRoute`` once `finish` has run, instead of the route chosen from the head.
public protocol RouteDeciding {
    /// The route or mapping that answered; `nil` when none did (a 404).
    var answeredRoute: String? { get }
}
