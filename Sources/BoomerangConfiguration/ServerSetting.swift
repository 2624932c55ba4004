public import BoomerangSettings

/// One setting of ``ServerSettings`` as users see it: its names on the command line, in the
/// environment and in `config/server.yaml`, the values it accepts and how a value is applied.
///
/// The names derive from ``name``, the `ServerSettings` property: `maxBodyBytes` is the option
/// `--max-body-bytes`, the environment variable `MAX_BODY_BYTES` and the config key
/// `max_body_bytes`. ``all`` lists every setting; the loader, the help text and the shipped
/// config file all follow it.
public struct ServerSetting: Sendable {
    /// The `ServerSettings` property the setting sets, such as `maxBodyBytes`.
    public let name: String
    /// The key in `config/server.yaml`, the name in snake case, such as `max_body_bytes`.
    public let configKey: String
    /// The environment variable, the name in upper snake case, such as `MAX_BODY_BYTES`.
    public let environmentVariable: String
    /// The long command-line option without its dashes, the name in kebab case, such as `max-body-bytes`.
    public let optionName: String
    /// What the setting does, in one sentence.
    public let summary: String
    /// The placeholder for the value in help text, such as `bytes`.
    public let valueName: String
    /// What a valid value looks like, as used in error messages, such as `an integer from 0 to 65535`.
    public let expectation: String

    /// Whether `boomerang serve` takes the setting as a switch (`--history` / `--no-history`)
    /// rather than with a value: the on/off settings.
    public var isSwitch: Bool { valueName == "bool" }

    private let assign: @Sendable (inout ServerSettings, String) -> Bool
    private let read: @Sendable (ServerSettings) -> Value

    /// A setting's value in a form that is easy to print or encode.
    public enum Value: Sendable, Hashable, CustomStringConvertible {
        /// A text value.
        case string(String)
        /// A whole number.
        case integer(Int64)
        /// A number of seconds or another fractional quantity.
        case number(Double)
        /// An on/off switch.
        case boolean(Bool)
        /// No fixed value: the server chooses (`auto`, such as one thread per core).
        case automatic

        /// The value in the syntax the setting accepts, so that it can be read back.
        public var description: String {
            switch self {
            case .string(let text): text
            case .integer(let integer): String(integer)
            case .number(let number):
                number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
            case .boolean(let flag): flag ? "true" : "false"
            case .automatic: "auto"
            }
        }
    }

    init(
        name: String,
        summary: String,
        valueName: String,
        expectation: String,
        assign: @escaping @Sendable (inout ServerSettings, String) -> Bool,
        read: @escaping @Sendable (ServerSettings) -> Value
    ) {
        self.name = name
        self.configKey = Self.joinWords(of: name, with: UInt8(ascii: "_"))
        self.environmentVariable = configKey.uppercased()
        self.optionName = Self.joinWords(of: name, with: UInt8(ascii: "-"))
        self.summary = summary
        self.valueName = valueName
        self.expectation = expectation
        self.assign = assign
        self.read = read
    }

    /// Sets the setting in `settings` from its text, as found on the command line, in the
    /// environment or in the config file; returns `false`, leaving `settings` unchanged, when the
    /// text is not a valid value (see ``expectation``).
    public func apply(_ text: String, to settings: inout ServerSettings) -> Bool {
        assign(&settings, text)
    }

    /// The setting's current value in `settings`.
    public func value(in settings: ServerSettings) -> Value {
        read(settings)
    }

    /// The lower-case words of a camel-case name joined by `separator`: `maxBodyBytes` gives
    /// `max_body_bytes` with `_`. Names are ASCII; this runs for every setting at start-up, so it
    /// works on bytes rather than characters.
    private static func joinWords(of name: String, with separator: UInt8) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(name.utf8.count + 8)
        for byte in name.utf8 {
            if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") {
                if !bytes.isEmpty { bytes.append(separator) }
                bytes.append(byte + 0x20)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
