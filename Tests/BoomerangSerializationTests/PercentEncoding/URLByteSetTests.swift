import Testing

@testable import BoomerangSerialization

@Suite struct URLByteSetTests {
    static func members(_ set: URLByteSet) -> String {
        String(decoding: (0...255).map(UInt8.init).filter(set.contains), as: UTF8.self)
    }

    @Test func buildsTheRFC3986Sets() {
        #expect(Self.members(.generalDelimiters) == "#/:?@[]")
        #expect(Self.members(.subDelimiters) == "!$&'()*+,;=")
        #expect(Self.members(.urlQueryAllowed) == "!$&'()*+,-./0123456789:;=?@ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz~")
    }

    @Test func insertsAndRemovesInEveryWord() {
        var set = URLByteSet()
        for byte: UInt8 in [0, 63, 64, 127, 128, 191, 192, 255] {
            set.insert(byte)
            #expect(set.contains(byte))
        }
        #expect((0...255).filter { set.contains(UInt8($0)) } == [0, 63, 64, 127, 128, 191, 192, 255])
        set.remove(255)
        set.remove(0)
        #expect(!set.contains(255) && !set.contains(0) && set.contains(192))
        #expect(set.subtracting(set) == URLByteSet())
        #expect(URLByteSet().union(set) == set)
    }
}
