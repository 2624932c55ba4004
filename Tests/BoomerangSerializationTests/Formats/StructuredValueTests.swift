import BoomerangSerialization
import Foundation
import Testing

@Suite struct StructuredValueTests {
    @Test func literalsBuildTheMatchingCases() {
        let value: StructuredValue = ["n": nil, "b": true, "i": 3, "d": 2.5, "s": "x", "a": [1]]
        #expect(value == .object(StructuredObject([
            ("n", .null), ("b", .bool(true)), ("i", .int(3)), ("d", .double(2.5)), ("s", .string("x")), ("a", .array([.int(1)])),
        ])))
        #expect(value["s"]?.stringValue == "x")
        #expect(value["a"]?.arrayValue == [1])
        #expect(value["missing"] == nil)
        #expect(StructuredValue.int(1)["x"] == nil)
    }

    @Test func objectKeepsInsertionOrderAndComparesInOrder() {
        let ab: StructuredObject = ["a": 1, "b": 2]
        let ba: StructuredObject = ["b": 2, "a": 1]
        #expect(ab.keys == ["a", "b"])
        #expect(ab != ba)
        #expect(Set([ab, ab]).count == 1)
    }

    @Test func updateReplacesInPlaceAndRemoveKeepsOrder() {
        var object: StructuredObject = ["a": 1, "b": 2, "c": 3]
        #expect(object.updateValue(20, forKey: "b") == 2)
        #expect(object.updateValue(4, forKey: "d") == nil)
        #expect(object.keys == ["a", "b", "c", "d"])
        #expect(object["b"] == 20)
        object["a"] = nil
        #expect(object.removeValue(forKey: "zz") == nil)
        #expect(object.keys == ["b", "c", "d"])
        object["e"] = 5
        #expect(object.map(\.key) == ["b", "c", "d", "e"])
        #expect(object.position(of: "d") == 2)
    }

    @Test(arguments: [StructuredObject.indexThreshold - 1, StructuredObject.indexThreshold + 1, 500])
    func lookUpAgreesAcrossTheIndexThreshold(count: Int) {
        var object = StructuredObject()
        for i in 0..<count { object.append(.int(Int64(i)), forKey: "k\(i)") }
        for i in 0..<count { #expect(object.position(of: "k\(i)") == i) }
        #expect(!object.contains("k\(count)"))
        object.removeValue(forKey: "k0")
        #expect(object.position(of: "k1") == 0)
        #expect(object.count == count - 1)
        object["k0"] = 0
        #expect(object.position(of: "k0") == count - 1)
        #expect(object.isEmpty == false)
    }

    @Test func equalObjectsHaveEqualHashesWhateverTheirIndex() {
        var small = StructuredObject()
        var large = StructuredObject()
        for i in 0..<40 { large.append(.int(Int64(i)), forKey: "k\(i)") }
        for i in 0..<40 { small.updateValue(.int(Int64(i)), forKey: "k\(i)") }
        #expect(small == large)
        #expect(small.hashValue == large.hashValue)
    }

    @Test func dateAndDataCases() {
        let value: StructuredValue = .array([.date(Date(timeIntervalSinceReferenceDate: 5)), .data([1])])
        #expect(value != .array([.date(Date(timeIntervalSinceReferenceDate: 6)), .data([1])]))
    }
}
