import BoomerangSettings
import Foundation
import Logging

/// A field of ``ServerSettings`` that a setting reads and writes, through closures rather than a
/// key path: the runtime instantiates a key path literal the first time it runs, and the
/// catalogue's thirty cost fifteen thousand instructions each at start-up.
struct SettingField<Value>: Sendable {
    let read: @Sendable (ServerSettings) -> Value
    let write: @Sendable (inout ServerSettings, Value) -> Void

    init(_ read: @escaping @Sendable (ServerSettings) -> Value, _ write: @escaping @Sendable (inout ServerSettings, Value) -> Void) {
        self.read = read
        self.write = write
    }
}

/// The kinds of setting the catalogue is made of.
extension ServerSetting {
    /// A setting whose text `parse` turns into the value of `field`, or refuses with nil.
    static func parsed<Field: Sendable>(
        _ field: SettingField<Field>,
        name: String,
        summary: String,
        valueName: String,
        expectation: String,
        parse: @escaping @Sendable (String) -> Field?,
        read: @escaping @Sendable (Field) -> Value
    ) -> ServerSetting {
        ServerSetting(
            name: name,
            summary: summary,
            valueName: valueName,
            expectation: expectation,
            assign: { settings, text in
                guard let value = parse(text) else { return false }
                field.write(&settings, value)
                return true
            },
            read: { read(field.read($0)) }
        )
    }

    /// One of an enumeration's raw values, written as they are.
    static func choice<Field: RawRepresentable<String> & CaseIterable & Sendable>(
        _ field: SettingField<Field>,
        name: String,
        summary: String
    ) -> ServerSetting {
        let values = Field.allCases.map { $0.rawValue }
        return parsed(
            field, name: name, summary: summary, valueName: values.joined(separator: "|"),
            expectation: "one of " + values.joined(separator: ", "),
            parse: { Field(rawValue: $0) }, read: { .string($0.rawValue) })
    }

    /// `true`, `yes`, `on`, `1` or `false`, `no`, `off`, `0`, in any case.
    static func boolean(
        _ field: SettingField<Bool>,
        name: String,
        summary: String
    ) -> ServerSetting {
        parsed(
            field, name: name, summary: summary, valueName: "bool", expectation: "true or false",
            parse: { text in
                switch text.lowercased() {
                case "true", "yes", "on", "1": true
                case "false", "no", "off", "0": false
                default: nil
                }
            },
            read: { .boolean($0) })
    }

    /// Text without control characters; the empty text is no value.
    static func optionalText(
        _ field: SettingField<String?>,
        name: String,
        summary: String,
        valueName: String
    ) -> ServerSetting {
        parsed(
            field, name: name, summary: summary, valueName: valueName,
            expectation: "text without control characters (empty for none)",
            parse: { text -> String?? in
                guard text.utf8.count <= 4096, text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else {
                    return nil
                }
                return .some(text.isEmpty ? nil : text)
            },
            read: { .string($0 ?? "") })
    }

    /// A folder path: not empty, no control characters below space.
    static func folder(_ field: SettingField<String>, name: String, summary: String) -> ServerSetting {
        parsed(
            field, name: name, summary: summary, valueName: "path", expectation: "a folder path",
            parse: { text in !text.isEmpty && !text.unicodeScalars.contains(where: { $0.value < 0x20 }) ? text : nil },
            read: { .string($0) })
    }

    /// An integer in `range` (positive by default).
    static func integer<Integer: FixedWidthInteger & Sendable>(
        _ field: SettingField<Integer>,
        name: String,
        in range: ClosedRange<Integer> = 1...Integer.max,
        summary: String,
        valueName: String
    ) -> ServerSetting {
        parsed(
            field, name: name, summary: summary, valueName: valueName,
            expectation: range.upperBound == Integer.max && range.lowerBound == 1
                ? "a positive integer" : "an integer from " + String(range.lowerBound) + " to " + String(range.upperBound),
            parse: { text in Integer(text).flatMap { range.contains($0) ? $0 : nil } },
            read: { .integer(Int64($0)) })
    }

    /// A number of seconds above 0 and at most a day.
    static func seconds(
        _ field: SettingField<Double>,
        name: String,
        summary: String
    ) -> ServerSetting {
        parsed(
            field, name: name, summary: summary, valueName: "seconds",
            expectation: "a number of seconds above 0 and at most \(Int(maxDurationSeconds))",
            parse: { text in Double(text).flatMap { $0 > 0 && $0 <= maxDurationSeconds ? $0 : nil } },
            read: { .number($0) })
    }
}
