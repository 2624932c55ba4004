import FoundationEssentials

/// The text of the XML property list's scalar elements: `<integer>`, `<real>`, `<date>`, `<data>`.
///
/// Each function takes the element's decoded text and the byte offset of that text in the input
/// (for the error).
enum PropertyListXMLScalarReader {
    /// `<integer>`: an optional sign, then decimal digits or `0x` and hex digits, nothing else
    /// (no white space, as Foundation). Values above `Int64.max` (up to `UInt64.max`) become
    /// `double`; anything beyond `Int64.min ... UInt64.max` is refused (Foundation: overflow).
    static func integer(_ text: [UInt8], at offset: Int) throws(PropertyListReadError) -> StructuredValue {
        var index = 0
        var negative = false
        if index < text.count, text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
            negative = text[index] == UInt8(ascii: "-")
            index += 1
        }
        var radix: UInt64 = 10
        if index + 1 < text.count, text[index] == UInt8(ascii: "0"), text[index + 1] | 0x20 == UInt8(ascii: "x") {
            radix = 16
            index += 2
        }
        guard index < text.count else { throw invalid("integer", text, offset) }
        var magnitude: UInt64 = 0
        while index < text.count {
            guard let digit = PropertyListText.hexValue(text[index]), UInt64(digit) < radix else {
                throw invalid("integer", text, offset)
            }
            let (scaled, overflow1) = magnitude.multipliedReportingOverflow(by: radix)
            let (sum, overflow2) = scaled.addingReportingOverflow(UInt64(digit))
            guard !overflow1, !overflow2 else { throw invalid("integer", text, offset) }
            magnitude = sum
            index += 1
        }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { throw invalid("integer", text, offset) }
            return .int(magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude))
        }
        return magnitude <= UInt64(Int64.max) ? .int(Int64(magnitude)) : .double(Double(magnitude))
    }

    /// `<real>`: leading white space, then a decimal number with optional exponent, or (any case)
    /// `nan`, `inf`, `infinity` with an optional sign for the infinities. Out-of-range values
    /// become infinity or zero, as C's `strtod`, which Foundation uses.
    static func real(_ text: [UInt8], at offset: Int) throws(PropertyListReadError) -> StructuredValue {
        var start = 0
        while start < text.count, PropertyListText.isWhitespace(text[start]) { start += 1 }
        let body = text[start...]
        if body.count <= 9, let special = specialReal(body) { return .double(special) }
        guard isDecimalReal(body), let number = Double(String(decoding: body, as: UTF8.self)) else {
            throw invalid("real", text, offset)
        }
        return .double(number)
    }

    private static func specialReal(_ body: ArraySlice<UInt8>) -> Double? {
        let lowered = String(decoding: body.map { $0 | (($0 >= 65 && $0 <= 90) ? 0x20 : 0) }, as: UTF8.self)
        switch lowered {
        case "nan": return .nan
        case "inf", "infinity", "+inf", "+infinity": return .infinity
        case "-inf", "-infinity": return -.infinity
        default: return nil
        }
    }

    /// `[+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?`
    private static func isDecimalReal(_ text: ArraySlice<UInt8>) -> Bool {
        var index = text.startIndex
        func digits() -> Int {
            let first = index
            while index < text.endIndex, text[index] >= UInt8(ascii: "0"), text[index] <= UInt8(ascii: "9") { index += 1 }
            return index - first
        }
        if index < text.endIndex, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") { index += 1 }
        var mantissa = digits()
        if index < text.endIndex, text[index] == UInt8(ascii: ".") {
            index += 1
            mantissa += digits()
        }
        guard mantissa > 0 else { return false }
        if index < text.endIndex, text[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < text.endIndex, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { return false }
        }
        return index == text.endIndex
    }

    /// `<date>`: `YYYY-MM-DDThh:mm:ssZ` in UTC; the year has four or more digits and may be
    /// negative (astronomical numbering, proleptic Gregorian calendar). Unlike Foundation, which
    /// rolls fields over (month 13 is next January, February 30 is March 2), a field out of range
    /// is refused: such a date is almost surely a client's bug, and echoing a different date hides it.
    static func date(_ text: [UInt8], at offset: Int) throws(PropertyListReadError) -> StructuredValue {
        var index = 0
        var negative = false
        if index < text.count, text[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        var year = 0
        let yearStart = index
        while index < text.count, text[index] >= UInt8(ascii: "0"), text[index] <= UInt8(ascii: "9") {
            year = year * 10 + Int(text[index] - UInt8(ascii: "0"))
            index += 1
            guard index - yearStart <= 9 else { throw invalid("date", text, offset) }
        }
        guard index - yearStart >= 4, text.count - index == 16 else { throw invalid("date", text, offset) }
        let rest = Array(text[index...])
        func field(_ at: Int) -> Int? {
            guard let tens = digit(rest[at]), let ones = digit(rest[at + 1]) else { return nil }
            return tens * 10 + ones
        }
        guard rest[0] == UInt8(ascii: "-"), rest[3] == UInt8(ascii: "-"), rest[6] == UInt8(ascii: "T"),
            rest[9] == UInt8(ascii: ":"), rest[12] == UInt8(ascii: ":"), rest[15] == UInt8(ascii: "Z"),
            let month = field(1), let day = field(4), let hour = field(7), let minute = field(10), let second = field(13)
        else { throw invalid("date", text, offset) }
        if negative { year = -year }
        guard (1...12).contains(month), day >= 1, day <= daysInMonth(month, year: year), hour <= 23, minute <= 59,
            second <= 59
        else { throw invalid("date", text, offset) }
        let days = daysFromCivil(year: year, month: month, day: day) - daysFromCivil(year: 2001, month: 1, day: 1)
        let seconds = Double(days) * 86_400 + Double(hour * 3600 + minute * 60 + second)
        return .date(Date(timeIntervalSinceReferenceDate: seconds))
    }

    private static func digit(_ byte: UInt8) -> Int? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte - UInt8(ascii: "0")) : nil
    }

    private static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (the era-based method: 400-year eras
    /// of 146,097 days, years starting in March so that the leap day is last).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let monthFromMarch = (month + 9) % 12
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// `<data>`: base64; white space anywhere is skipped. Unlike Foundation, which skips any
    /// character outside the alphabet and silently drops an unpadded last group, anything but the
    /// alphabet, white space and correct `=` padding is refused: Foundation's leniency turns a
    /// client's damaged body into different bytes without a word.
    static func base64(_ text: [UInt8], at offset: Int) throws(PropertyListReadError) -> StructuredValue {
        var output: [UInt8] = []
        output.reserveCapacity(text.count / 4 * 3)
        var group: UInt32 = 0
        var filled = 0
        var padding = 0
        for byte in text {
            if PropertyListText.isWhitespace(byte) { continue }
            let sextet: UInt32
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): sextet = UInt32(byte - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): sextet = UInt32(byte - UInt8(ascii: "a") + 26)
            case UInt8(ascii: "0")...UInt8(ascii: "9"): sextet = UInt32(byte - UInt8(ascii: "0") + 52)
            case UInt8(ascii: "+"): sextet = 62
            case UInt8(ascii: "/"): sextet = 63
            case UInt8(ascii: "="):
                guard filled >= 2 else { throw invalid("data", text, offset) }
                padding += 1
                sextet = 0
            default: throw invalid("data", text, offset)
            }
            guard padding == 0 || byte == UInt8(ascii: "=") else { throw invalid("data", text, offset) }
            group = group << 6 | sextet
            filled += 1
            if filled == 4 {
                output.append(UInt8(truncatingIfNeeded: group >> 16))
                if padding < 2 { output.append(UInt8(truncatingIfNeeded: group >> 8)) }
                if padding < 1 { output.append(UInt8(truncatingIfNeeded: group)) }
                group = 0
                filled = 0
                if padding > 0 { padding = 3 }
            }
        }
        guard filled == 0 else { throw invalid("data", text, offset) }
        return .data(output)
    }

    private static func invalid(_ element: String, _ text: [UInt8], _ offset: Int) -> PropertyListReadError {
        let code: PropertyListReadError.Code =
            switch element {
            case "date": .invalidDate
            case "data": .invalidData
            default: .invalidNumber
            }
        return PropertyListReadError(code: code, value: "<\(element)>" + PropertyListText.excerpt(text, from: 0), offset: offset)
    }
}
