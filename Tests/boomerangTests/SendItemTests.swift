import BoomerangSerialization
import Testing

@testable import boomerang_client

@Suite struct SendItemTests {
    static let table: [(String, RequestItem)] = [
        ("a=1", .field(name: "a", value: .string("1"))),
        ("a=", .field(name: "a", value: .string(""))),
        ("url=http://x/y?z=1", .field(name: "url", value: .string("http://x/y?z=1"))),
        ("e=a@b:c", .field(name: "e", value: .string("a@b:c"))),
        ("user[name]=x", .field(name: "user[name]", value: .string("x"))),
        ("n:=1", .field(name: "n", value: .int(1))),
        ("d:=2.5", .field(name: "d", value: .double(2.5))),
        ("t:=true", .field(name: "t", value: .bool(true))),
        ("z:=null", .field(name: "z", value: .null)),
        ("l:=[1,\"a\"]", .field(name: "l", value: .array([.int(1), .string("a")]))),
        ("o:={\"k\":{\"j\":[]}}", .field(name: "o", value: .dictionary(["k": .dictionary(["j": .array([])])]))),
        ("f@/tmp/a b.png", .file(name: "f", path: "/tmp/a b.png")),
        ("q==a b", .query(name: "q", value: "a b")),
        ("q==", .query(name: "q", value: "")),
        ("q===x", .query(name: "q", value: "=x")),
        ("Accept:application/json", .header(name: "Accept", value: "application/json")),
        ("X-Time:12:00", .header(name: "X-Time", value: "12:00")),
        ("X-Empty:", .header(name: "X-Empty", value: "")),
    ]

    @Test(arguments: table)
    func itemsParse(text: String, item: RequestItem) throws {
        #expect(try RequestItem.parse(text) == item)
    }

    @Test(arguments: ["plain", "=v", "==v", ":=1", "@f", ":v", "f@", "j:=[1,"])
    func invalidItems(text: String) {
        #expect(throws: RequestItem.Invalid.self) { try RequestItem.parse(text) }
    }

    @Test func repeatedFieldsBecomeArraysAndHeadersAreNotFields() {
        let items: [RequestItem] = [
            .field(name: "a", value: "1"), .header(name: "H", value: "v"), .field(name: "a", value: "2"),
            .field(name: "b", value: .int(3)),
        ]
        #expect(RequestItem.parameters(items) == ["a": ["1", "2"], "b": 3])
        #expect(RequestItem.parameters([.header(name: "H", value: "v")]) == nil)
    }

    @Test func queryItemsAreAppendedToTheURL() {
        let items: [RequestItem] = [.query(name: "q", value: "a b&c"), .field(name: "f", value: "1"), .query(name: "k[]", value: "")]
        #expect(RequestItem.url("http://h/x", addingQueryOf: items) == "http://h/x?q=a%20b%26c&k%5B%5D=")
        #expect(RequestItem.url("http://h/x?y=1", addingQueryOf: items) == "http://h/x?y=1&q=a%20b%26c&k%5B%5D=")
        #expect(RequestItem.url("http://h/x", addingQueryOf: [.field(name: "f", value: "1")]) == "http://h/x")
    }

    static let statusTable: [(String, Set<Int>??)] = [
        ("any", .some(nil)),
        ("200", .some([200])),
        ("200-202,404", .some([200, 201, 202, 404])),
        ("2xx", nil),
        ("300-200", nil),
        ("", nil),
        ("99", nil),
    ]

    @Test(arguments: statusTable)
    func statusLists(text: String, expected: Set<Int>??) {
        #expect(AcceptableSet<Int>.statusCodes(text).map(\.values) == expected)
    }

    @Test func contentTypeLists() {
        #expect(AcceptableSet<String>.contentTypes("Application/JSON, text/plain")?.values == ["application/json", "text/plain"])
        #expect(AcceptableSet<String>.contentTypes("any")?.values == .some(nil))
        #expect(AcceptableSet<String>.contentTypes("json") == nil)
    }

    @Test func theMethodFollowsHttpie() throws {
        func plan(_ arguments: [String]) throws -> SendPlan {
            try SendPlan(command: SendCommand.parse(arguments))
        }
        #expect(try plan(["http://h/x"]).method == .get)
        #expect(try plan(["http://h/x", "a=1"]).method == .post)
        #expect(try plan(["http://h/x", "f@/tmp/x"]).method == .post)
        #expect(try plan(["http://h/x", "f@/tmp/x"]).encoding == .multipart)
        #expect(try plan(["--multipart", "http://h/x"]).method == .post)
        #expect(try plan(["PUT", "http://h/x", "a=1"]).method == .put)
        #expect(try plan(["delete", "http://h/x"]).method == .delete)
        #expect(try plan(["h:8080/x"]).url == "http://h:8080/x")
        #expect(throws: SendUsageError.self) { try plan(["--multipart", "GET", "http://h/x"]) }
    }
}
