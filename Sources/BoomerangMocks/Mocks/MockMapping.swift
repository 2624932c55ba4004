import BoomerangExchange
import BoomerangSerialization
import Crypto

/// One mock mapping: a WireMock-style request pattern, a priority, a response and, optionally, a
/// step of a stateful scenario. Immutable once read.
package struct MockMapping: Sendable {
    /// Where a mapping came from.
    package enum Source: Sendable, Hashable {
        /// A file of the mappings folder (its path as given, the line the mapping starts on, and
        /// its place among the file's mappings).
        case file(path: String, line: Int?, index: Int)
        /// Added through the admin API.
        case adminAPI
    }

    /// The `id` written in the mapping, or one derived from its file and place (stable across
    /// reloads), or a random UUID for one added at run time without an id.
    package let id: String
    package let name: String?
    /// 1 is the highest; 5 by default, as in WireMock.
    package let priority: Int
    package let request: RequestPattern
    package let response: MockResponseDefinition
    /// WireMock's `scenarioName`, `requiredScenarioState`, `newScenarioState`.
    package let scenario: ScenarioStep?
    package let source: Source
    /// The mapping as written (with its `id`), for the admin API and for saving.
    package let definition: StructuredValue

    /// One step of a stateful scenario.
    package struct ScenarioStep: Sendable, Hashable {
        package let name: String
        /// The state the scenario must be in; any state when nil.
        package let requiredState: String?
        /// The state the scenario moves to once this mapping answers.
        package let newState: String?
    }

    /// The default priority.
    package static let defaultPriority = 5

    /// The name the history and the logs give the exchanges it answers: `mock.<name or id>`.
    package var routeName: String { "mock." + (name ?? id) }

    private static let knownKeys: Set<String> = [
        "id", "uuid", "name", "priority", "request", "response", "scenarioName", "requiredScenarioState", "newScenarioState",
        "metadata", "persistent", "insertionIndex",
    ]

    /// Reads one mapping.
    ///
    /// - Parameters:
    ///   - defaultID: the id when the mapping names none.
    ///   - filesDirectory: where `bodyFileName` is read from.
    package init(json: StructuredValue, location: MappingLocation, source: Source, defaultID: String, filesDirectory: String?)
        throws(MappingError)
    {
        guard var object = json.objectValue else { throw location.error("", "a mapping is an object with request and response") }
        for key in object.keys where !Self.knownKeys.contains(key) {
            throw location.error(key, "unknown key; expected one of \(Self.knownKeys.sorted().joined(separator: ", "))")
        }
        var id = defaultID
        for key in ["id", "uuid"] {
            guard let value = object[key] else { continue }
            guard let text = value.stringValue, Self.isValidID(text) else {
                throw location.error(key, "expected 1–100 characters of A-Z a-z 0-9 . _ -")
            }
            id = text
        }
        self.id = id
        if let name = object["name"] {
            guard let text = name.stringValue, !text.isEmpty else { throw location.error("name", "expected text") }
            self.name = text
        } else {
            name = nil
        }
        if let priority = object["priority"] {
            guard case .int(let value) = priority, (1...Int64(Int32.max)).contains(value) else {
                throw location.error("priority", "expected a whole number from 1 (highest)")
            }
            self.priority = Int(value)
        } else {
            priority = Self.defaultPriority
        }
        guard let requestValue = object["request"] else { throw location.error("", "a mapping needs a request") }
        do {
            request = try RequestPattern(json: requestValue)
        } catch {
            throw Self.requestError(error, requestValue, location)
        }
        guard let responseValue = object["response"] else { throw location.error("", "a mapping needs a response") }
        response = try MockResponseDefinition(json: responseValue, location: location, filesDirectory: filesDirectory)
        var stepName: String?
        var states: [String: String] = [:]
        for key in ["scenarioName", "requiredScenarioState", "newScenarioState"] {
            guard let value = object[key] else { continue }
            guard let text = value.stringValue, !text.isEmpty else { throw location.error(key, "expected text") }
            if key == "scenarioName" { stepName = text } else { states[key] = text }
        }
        if let stepName {
            scenario = ScenarioStep(name: stepName, requiredState: states["requiredScenarioState"], newState: states["newScenarioState"])
        } else {
            guard states.isEmpty else { throw location.error(states.keys.sorted()[0], "needs scenarioName") }
            scenario = nil
        }
        self.source = source
        if object["id"] == nil && object["uuid"] == nil {
            var withID = StructuredObject()
            withID.append(.string(id), forNewKey: "id")
            for entry in object { withID.append(entry.value, forNewKey: entry.key) }
            object = withID
        }
        definition = .object(object)
    }

    /// Whether `text` can be a mapping id (it goes in `/__admin/mappings/{id}` and in file names).
    package static func isValidID(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 100
            && text.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                    UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
                    true
                default:
                    false
                }
            }
    }

    /// A UUID-shaped id derived from a file's path and the mapping's place in it.
    package static func derivedID(file: String, index: Int) -> String {
        let digest = Array(SHA256.hash(data: Array("\(file)#\(index)".utf8)).prefix(16))
        let hex = digest.map { byte in String(byte, radix: 16).count == 1 ? "0" + String(byte, radix: 16) : String(byte, radix: 16) }.joined()
        let pieces = [hex.prefix(8), hex.dropFirst(8).prefix(4), hex.dropFirst(12).prefix(4), hex.dropFirst(16).prefix(4), hex.dropFirst(20)]
        return pieces.joined(separator: "-")
    }

    /// A random UUID-shaped id.
    package static func randomID() -> String {
        derivedID(file: String(UInt64.random(in: .min ... .max)), index: Int.random(in: 0...Int.max))
    }

    /// The request pattern's error, at the line of the key it names.
    private static func requestError(_ error: ServerError, _ request: StructuredValue, _ location: MappingLocation) -> MappingError {
        if let colon = error.message.range(of: ": ") {
            let key = error.message[..<colon.lowerBound]
            if !key.contains(" ") {
                return MappingError(
                    .invalidMapping, file: location.file, line: location.line("request.\(key)"), "request.\(error.message)")
            }
        }
        if let value = error.value, request.objectValue?.contains(value) == true {
            return location.error("request.\(value)", error.message)
        }
        return location.error("request", error.message)
    }
}
