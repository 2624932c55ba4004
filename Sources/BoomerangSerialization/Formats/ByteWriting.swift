import FoundationEssentials

/// Number and date text shared by the format writers.
enum ByteWriting {
    /// Appends the shortest text that reads back as `value`, with `.0` on integral values
    /// (`1.0`, `0.1`, `1e-07`, `1e+20`). Non-finite values must be handled by the caller.
    @inline(__always)
    static func appendShortestDouble(_ value: Double, to output: inout [UInt8]) {
        // Swift's description is the shortest round-trip form and already writes `1.0`.
        var text = value.description
        text.withUTF8 { output.append(contentsOf: $0) }
    }

    /// Appends `date` as ISO 8601 UTC with whole seconds (`2001-01-01T00:00:00Z`), the seconds
    /// rounded down, as property lists write dates. A year past 9999 keeps all its digits, as C's
    /// `%04d` writes it.
    static func appendISO8601(_ date: Date, to output: inout [UInt8]) {
        let civil = CivilTime(secondsSinceReferenceDate: date.timeIntervalSinceReferenceDate)
        if civil.year < 0 {
            output.append(UInt8(ascii: "-"))
        }
        DecimalText.append(abs(civil.year), minimumDigits: 4, to: &output)
        output.append(UInt8(ascii: "-"))
        DecimalText.append(civil.month, minimumDigits: 2, to: &output)
        output.append(UInt8(ascii: "-"))
        DecimalText.append(civil.day, minimumDigits: 2, to: &output)
        output.append(UInt8(ascii: "T"))
        DecimalText.append(civil.hour, minimumDigits: 2, to: &output)
        output.append(UInt8(ascii: ":"))
        DecimalText.append(civil.minute, minimumDigits: 2, to: &output)
        output.append(UInt8(ascii: ":"))
        DecimalText.append(civil.second, minimumDigits: 2, to: &output)
        output.append(UInt8(ascii: "Z"))
    }
}

/// A UTC calendar time from seconds since 2001-01-01T00:00:00Z (proleptic Gregorian).
struct CivilTime: Hashable {
    var year: Int
    var month: Int
    var day: Int
    var hour: Int
    var minute: Int
    var second: Int

    init(secondsSinceReferenceDate seconds: Double) {
        // Out-of-range and non-finite times are clamped to about ±10^13 years' worth of seconds.
        let limit = 3.0e17
        let clamped = seconds.isNaN ? 0 : min(max(seconds, -limit), limit)
        let whole = Int64(clamped.rounded(.down)) + 978_307_200  // to Unix time
        var days = whole / 86_400
        var secondOfDay = whole % 86_400
        if secondOfDay < 0 {
            secondOfDay += 86_400
            days -= 1
        }
        hour = Int(secondOfDay / 3600)
        minute = Int(secondOfDay / 60 % 60)
        second = Int(secondOfDay % 60)
        // Days since 1970-01-01 to a civil date (the era-based algorithm, valid for all days).
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        day = Int(dayOfYear - (153 * mp + 2) / 5 + 1)
        month = Int(mp < 10 ? mp + 3 : mp - 9)
        year = Int(yearOfEra + era * 400 + (month <= 2 ? 1 : 0))
    }
}
