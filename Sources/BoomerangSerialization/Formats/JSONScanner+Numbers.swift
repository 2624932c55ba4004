/// Numbers: the RFC 8259 grammar, `Int64` when it fits, else `Double`.
extension JSONScanner {
    @inline(__always)
    func isDigit(_ offset: Int) -> Bool {
        offset < input.count && input[offset] >= UInt8(ascii: "0") && input[offset] <= UInt8(ascii: "9")
    }

    mutating func parseNumber() throws(JSONParseError) -> StructuredValue {
        let start = position
        var cursor = position
        let negative = input[cursor] == UInt8(ascii: "-")
        if negative { cursor += 1 }
        guard isDigit(cursor) else { throw error(.invalidNumber, at: start) }
        if input[cursor] == UInt8(ascii: "0") {
            cursor += 1
            if isDigit(cursor) { throw error(.invalidNumber, at: start) }
        } else {
            while isDigit(cursor) { cursor += 1 }
        }
        let integerEnd = cursor
        var isInteger = true
        if cursor < input.count && input[cursor] == UInt8(ascii: ".") {
            isInteger = false
            cursor += 1
            guard isDigit(cursor) else { throw error(.invalidNumber, at: start) }
            while isDigit(cursor) { cursor += 1 }
        }
        if cursor < input.count && (input[cursor] | 0x20) == UInt8(ascii: "e") {
            isInteger = false
            cursor += 1
            if cursor < input.count && (input[cursor] == UInt8(ascii: "+") || input[cursor] == UInt8(ascii: "-")) {
                cursor += 1
            }
            guard isDigit(cursor) else { throw error(.invalidNumber, at: start) }
            while isDigit(cursor) { cursor += 1 }
        }
        guard cursor - start <= configuration.maxNumberBytes else {
            throw error(.numberTooLong, at: start)
        }
        position = cursor
        if isInteger {
            // Accumulate as a negative number so that Int64.min fits.
            var accumulator: Int64 = 0
            var overflow = false
            var digit = negative ? start + 1 : start
            while digit < integerEnd {
                let (shifted, o1) = accumulator.multipliedReportingOverflow(by: 10)
                let (next, o2) = shifted.subtractingReportingOverflow(Int64(input[digit] - UInt8(ascii: "0")))
                if o1 || o2 {
                    overflow = true
                    break
                }
                accumulator = next
                digit += 1
            }
            if !overflow {
                if negative { return .int(accumulator) }
                if accumulator != Int64.min { return .int(-accumulator) }
            }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: input[start..<cursor]), as: UTF8.self)
        guard let number = Double(text), number.isFinite else {
            throw error(.numberOutOfRange, at: start)
        }
        return .double(number)
    }
}
