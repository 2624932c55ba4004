import BoomerangSerialization
import Testing

/// Cookie lists, split once for httpbin's `/cookies` and the HAR export.
@Suite struct CookieHeaderTests {
    @Test func splitsOnSemicolonsAndTheFirstEquals() {
        let pairs = CookieHeader.pairs(in: " a=1;b = two ;; noequals; c=x=y; =empty; q=\"v\"; a=again")
        #expect(pairs.map(\.name) == ["a", "b", "c", "", "q", "a"])
        #expect(pairs.map(\.value) == ["1", "two", "x=y", "empty", "\"v\"", "again"])
    }

    @Test func aSetCookieFieldSetsOnePair() {
        let pair = CookieHeader.setCookiePair(in: "id = 42 ; Path=/; HttpOnly")
        #expect(pair?.name == "id")
        #expect(pair?.value == "42")
        #expect(CookieHeader.setCookiePair(in: "Path=/")?.name == "Path")
        #expect(CookieHeader.setCookiePair(in: "; a=1") == nil)
        #expect(CookieHeader.setCookiePair(in: "") == nil)
    }
}
