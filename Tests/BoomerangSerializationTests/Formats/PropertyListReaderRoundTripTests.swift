import BoomerangSamples
import BoomerangSerialization
import Foundation
import Testing

/// Random trees written by Boomerang's property-list writers read back equal.
@Suite struct PropertyListReaderRoundTripTests {
    @Test(arguments: 0..<8)
    func binaryWriterRoundTrip(seed: Int) throws {
        var generator = SplitMix64(seed: UInt64(seed) &* 104_729 &+ 1)
        for _ in 0..<150 {
            let tree = StructuredValue.random(using: &generator, depth: 5, leaves: .propertyList)
            let bytes = try BinaryPropertyListWriter().write(tree)
            let (value, format) = try PropertyListReader().readWithFormat(bytes)
            #expect(format == .binary)
            #expect(value == tree.propertyListNormalized())
        }
    }

    @Test(arguments: 0..<8)
    func xmlWriterRoundTrip(seed: Int) throws {
        var generator = SplitMix64(seed: UInt64(seed) &* 7_919 &+ 3)
        for _ in 0..<150 {
            let tree = StructuredValue.random(using: &generator, depth: 5, leaves: .propertyList)
            let bytes = try PropertyListXMLWriter().write(tree)
            let (value, format) = try PropertyListReader().readWithFormat(bytes)
            #expect(format == .xml)
            #expect(value == tree.propertyListNormalized(wholeSecondDates: true))
        }
    }

    /// The XML writer's real spellings (`nan`, `+infinity`, `-infinity`, `0.0` for both zeros).
    @Test func specialRealsRoundTrip() throws {
        let tree: StructuredValue = [.double(.nan), .double(.infinity), .double(-.infinity), .double(-0.0), .double(.leastNonzeroMagnitude), .double(.greatestFiniteMagnitude)]
        let read = try PropertyListReader().read(try PropertyListXMLWriter().write(tree))
        let elements = try #require(read.arrayValue)
        guard case .double(let nan) = elements[0] else { Issue.record("\(elements[0])"); return }
        #expect(nan.isNaN)
        #expect(Array(elements[1...]) == [.double(.infinity), .double(-.infinity), .double(0), .double(.leastNonzeroMagnitude), .double(.greatestFiniteMagnitude)])
        let binary = try PropertyListReader().read(try BinaryPropertyListWriter().write(tree))
        guard case .double(let binaryNaN) = try #require(binary.arrayValue)[0] else { Issue.record("\(binary)"); return }
        #expect(binaryNaN.isNaN)
        guard case .double(let zero) = try #require(binary.arrayValue)[3] else { Issue.record("\(binary)"); return }
        #expect(zero.sign == .minus)
    }

    /// Integers at the edges of each width the binary writer uses, and dates before 2001 and far ahead.
    @Test func edgeScalarsRoundTrip() throws {
        let tree: StructuredValue = [
            0, 255, 256, 65_535, 65_536, 4_294_967_295, 4_294_967_296, .int(.max), .int(.min), -1,
            .date(Date(timeIntervalSinceReferenceDate: -63_113_904_000)), .date(Date(timeIntervalSinceReferenceDate: 9_000_000_000)),
            .data([]), .data([UInt8](repeating: 7, count: 300)), .string(String(repeating: "é", count: 40)),
        ]
        #expect(try PropertyListReader().read(try BinaryPropertyListWriter().write(tree)) == tree)
        #expect(try PropertyListReader().read(try PropertyListXMLWriter().write(tree)) == tree)
    }
}
