import BoomerangExchange
public import BoomerangScenarios

extension Scenario {
    /// The response this scenario serves: its status, ``Scenario/headers`` and body.
    public var response: Response {
        Response(status: status, headers: headers, body: body.bytes)
    }
}
