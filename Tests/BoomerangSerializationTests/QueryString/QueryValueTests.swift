import Testing

@testable import BoomerangSerialization

@Suite struct QueryValueTests {
    @Test func literalsBuildTheMatchingCases() {
        let value: QueryValue = ["s": "x", "i": 1, "d": 1.5, "b": true, "n": nil, "a": [1]]
        #expect(
            value == .dictionary([
                "s": .string("x"), "i": .int(1), "d": .double(1.5), "b": .bool(true), "n": .null, "a": .array([.int(1)]),
            ])
        )
    }

    @Test(
        arguments: [
            (QueryValue.string("x"), String?.some("x")), (.int(-3), "-3"), (.double(2.0), "2"), (.bool(true), "1"),
            (.bool(false), "0"), (.data([104, 105]), "aGk="), (.null, nil), (.array([]), nil), (.set([]), nil),
            (.dictionary([:]), nil),
        ]
    )
    func rendersLeafText(value: QueryValue, expected: String?) {
        #expect(value.leafText == expected)
        #expect(value.isLeaf == (expected != nil || value == .null))
    }
}
