import BoomerangServer
import Foundation
import Logging

/// The kinds of setting the catalogue is made of.
extension ServerSetting {
    /// A setting whose text `parse` turns into the value at `keyPath`, or refuses with nil.
    static func parsed<Field: Sendable>(
        _ keyPath: any WritableKeyPath<ServerSettings, Field> & Sendable,
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
                settings[keyPath: keyPath] = value
                return true
            },
            read: { read($0[keyPath: keyPath]) }
        )
    }

    /// One of an enumeration's raw values, written as they are.
    static func choice<Field: RawRepresentable<String> & CaseIterable & Sendable>(
        _ keyPath: any WritableKeyPath<ServerSettings, Field> & Sendable,
        name: String,
        summary: String
    ) -> ServerSetting {
        let values = Field.allCases.map(\.rawValue)
        return parsed(
            keyPath, name: name, summary: summary, valueName: values.joined(separator: "|"),
            expectation: "one of " + values.joined(separator: ", "),
            parse: { Field(rawValue: $0) }, read: { .string($0.rawValue) })
    }

    /// `true`, `yes`, `on`, `1` or `false`, `no`, `off`, `0`, in any case.
    static func boolean(
        _ keyPath: any WritableKeyPath<ServerSettings, Bool> & Sendable,
        name: String,
        summary: String
    ) -> ServerSetting {
        parsed(
            keyPath, name: name, summary: summary, valueName: "bool", expectation: "true or false",
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
        _ keyPath: any WritableKeyPath<ServerSettings, String?> & Sendable,
        name: String,
        summary: String,
        valueName: String
    ) -> ServerSetting {
        parsed(
            keyPath, name: name, summary: summary, valueName: valueName,
            expectation: "text without control characters (empty for none)",
            parse: { text -> String?? in
                guard text.utf8.count <= 4096, text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else {
                    return nil
                }
                return .some(text.isEmpty ? nil : text)
            },
            read: { .string($0 ?? "") })
    }

    /// An integer in `range` (positive by default).
    static func integer<Integer: FixedWidthInteger & Sendable>(
        _ keyPath: any WritableKeyPath<ServerSettings, Integer> & Sendable,
        name: String,
        in range: ClosedRange<Integer> = 1...Integer.max,
        summary: String,
        valueName: String
    ) -> ServerSetting {
        parsed(
            keyPath, name: name, summary: summary, valueName: valueName,
            expectation: range.upperBound == Integer.max && range.lowerBound == 1
                ? "a positive integer" : "an integer from " + String(range.lowerBound) + " to " + String(range.upperBound),
            parse: { text in Integer(text).flatMap { range.contains($0) ? $0 : nil } },
            read: { .integer(Int64($0)) })
    }

    /// A number of seconds above 0 and at most a day.
    static func seconds(
        _ keyPath: any WritableKeyPath<ServerSettings, Double> & Sendable,
        name: String,
        summary: String
    ) -> ServerSetting {
        parsed(
            keyPath, name: name, summary: summary, valueName: "seconds",
            expectation: "a number of seconds above 0 and at most \(Int(maxDurationSeconds))",
            parse: { text in Double(text).flatMap { $0 > 0 && $0 <= maxDurationSeconds ? $0 : nil } },
            read: { .number($0) })
    }
}
