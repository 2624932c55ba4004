import BoomerangSerialization
import Testing

@Suite struct MediaRangeTests {
    @Test func parsesAList() {
        let ranges = MediaRange.parseList(#"text/html;level=1;q=0.7;ext=1, */*;q=0.1,, application/*, a/b;p="x,y";q=0"#)
        #expect(ranges == [
            MediaRange(mediaType: MediaType(type: "text", subtype: "html", parameters: [.init(name: "level", value: "1")]), quality: 700),
            MediaRange(mediaType: MediaType(type: "*", subtype: "*"), quality: 100),
            MediaRange(mediaType: MediaType(type: "application", subtype: "*"), quality: 1000),
            MediaRange(mediaType: MediaType(type: "a", subtype: "b", parameters: [.init(name: "p", value: "x,y")]), quality: 0),
        ])
        #expect(ranges.map(\.specificity) == [3, 0, 1, 3])
    }

    @Test func skipsMalformedElements() {
        let ranges = MediaRange.parseList("garbage, */json, text/plain;q=2, a/b;q=0.5555, ;, application/json;q=0.9, x/y;=")
        #expect(ranges == [MediaRange(mediaType: MediaType(type: "application", subtype: "json"), quality: 900)])
    }
}
