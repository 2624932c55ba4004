/// Inputs made at run time, the same on every run: what the compression tests and benchmarks
/// code and decode.
public enum SampleText {
    /// JSON records of `count` bytes with repeated keys and varying values, about as compressible
    /// as an API response.
    public static func json(count: Int) -> [UInt8] {
        var text: [UInt8] = []
        text.reserveCapacity(count + 200)
        var state: UInt64 = 0x2545_F491_4F6C_DD1D
        var index = 0
        while text.count < count {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let value = state >> 33
            let record =
                #"{"id":\#(index),"name":"user\#(value % 9973)","active":\#(value % 2 == 0),"#
                + #""score":\#(Double(value % 100_000) / 100),"tags":["a\#(value % 7)","b\#(value % 13)"]},"#
            text.append(contentsOf: record.utf8)
            index += 1
        }
        return Array(text.prefix(count))
    }
}
