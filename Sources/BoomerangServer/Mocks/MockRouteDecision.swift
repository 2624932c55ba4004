/// Which route answered a request that mock mappings took: known only once the body has arrived
/// (a body pattern may hand the request to a built-in route). Shared by the ``MockResponder`` that
/// decides and the history's ``RecordingResponder`` that reads it, through any wrappers between
/// them. Confined to the connection's loop, like the responders.
final class MockRouteDecision {
    /// The mapping's route name (`mock.<name or id>`), the built-in route's, or nil for a 404.
    var route: String?

    init(route: String?) {
        self.route = route
    }
}
