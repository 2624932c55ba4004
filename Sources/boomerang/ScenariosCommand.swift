import ArgumentParser
import BoomerangScenarios

/// `boomerang scenarios`: prints the validation-scenario catalogue that `/scenarios` serves.
struct ScenariosCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scenarios",
        abstract: "Print the validation-scenario catalogue.",
        discussion: """
            Each scenario is a response that a running server serves at /scenarios/<id>, with what \
            each of AFNetworking's response serializers must conclude about it: an object (of which \
            kind) or none, and the errors with their AFNetworking codes, outermost first.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case table
        case json
    }

    @Option(help: "table (one row per scenario) or json (everything, with expectations).")
    var format: Format = .table

    @Option(help: "Only scenarios whose id contains this text.")
    var filter: String?

    func run() throws {
        var catalogue = ScenarioCatalogue.standard
        if let filter {
            catalogue = ScenarioCatalogue(scenarios: catalogue.scenarios.filter { $0.id.contains(filter) })
        }
        switch format {
        case .table:
            print(catalogue.renderTable(), terminator: "")
        case .json:
            print(String(decoding: catalogue.renderJSON(pretty: true), as: UTF8.self), terminator: "")
        }
    }
}
