import BoomerangRuntime
import BoomerangSerialization
import BoomerangSettings
import Foundation
import Testing

@testable import BoomerangHistory


/// The store's bounds, ids, look-ups and clearing, without a server.
@Suite struct HistoryStoreTests {
    static func store(maxEntries: Int = 100, maxBytes: Int = 1 << 30) -> HistoryStore {
        var settings = ServerSettings()
        settings.maxHistoryEntryCount = maxEntries
        settings.maxHistoryBytes = maxBytes
        return HistoryStore(configuration: HistoryConfiguration(settings: settings))
    }

    static func summary(session: String = "default", path: String = "/get", status: Int = 200) -> HistorySummary {
        HistorySummary(
            session: session, requestID: "r", startedAt: 1_700_000_000.25, durationMicroseconds: 10, outcome: .complete,
            method: "GET", target: path, path: path, status: status, route: "echo.get", requestBodyBytes: 0, responseBytes: 10,
            contentType: nil, client: "127.0.0.1", diagnosticCount: 0)
    }

    @discardableResult
    static func add(_ store: HistoryStore, session: String = "default", bytes: Int = 100) -> HistoryEntry {
        let head = Array("GET /get HTTP/1.1\r\nHost: h\r\n\r\n".utf8)
        let heads = head.withUnsafeBytes { RecordedHeads.make(request: $0, response: UnsafeRawBufferPointer(start: nil, count: 0)) }
        let recorded = RecordedExchange(heads: heads, loopIndex: 0, body: RecordedBody())
        return store.add(summary(session: session), .live(recorded), approximateBytes: bytes)
    }

    /// Robustness R03 (N entries).
    @Test func idsIncreaseAndTheCountBoundDropsTheOldest() {
        let store = Self.store(maxEntries: 3)
        for _ in 0..<5 { Self.add(store) }
        #expect(store.snapshot().map(\.id) == [3, 4, 5])
        #expect(store.entry(id: 1) == nil)
        #expect(store.entry(id: 4)?.id == 4)
        #expect(store.newestID == 5)
    }

    /// Robustness R03 (M bytes).
    @Test func theByteBoundDropsTheOldestButKeepsTheNewestAlone() {
        let store = Self.store(maxBytes: 1000)
        for _ in 0..<4 { Self.add(store, bytes: 400) }
        #expect(store.snapshot().map(\.id) == [3, 4])
        #expect(store.usage.bytes == 800)
        Self.add(store, bytes: 5000)
        #expect(store.snapshot().map(\.id) == [5])
        #expect(store.usage == (1, 5000))
    }

    @Test func clearingOneSessionKeepsTheOthersAndIdsAreNotReused() {
        let store = Self.store()
        Self.add(store, session: "a")
        Self.add(store, session: "b")
        Self.add(store, session: "a")
        #expect(store.clear(session: "a") == 2)
        #expect(store.snapshot().map(\.summary.session) == ["b"])
        #expect(Self.add(store).id == 4)
        #expect(store.clear(session: nil) == 2)
        #expect(store.snapshot().isEmpty)
        #expect(store.usage == (0, 0))
    }

    @Test func entriesAfterAnIdAreOldestFirstAndScoped() {
        let store = Self.store()
        for session in ["a", "b", "a", "b"] { Self.add(store, session: session) }
        #expect(store.entries(after: 1, session: nil).map(\.id) == [2, 3, 4])
        #expect(store.entries(after: 1, session: "a").map(\.id) == [3])
        #expect(store.entries(after: 4, session: nil).isEmpty)
    }

    @Test func theRingKeepsOrderAcrossWrapsAndRemovals() {
        var ring = HistoryRing(capacity: 4)
        let store = Self.store()
        let entries = (0..<10).map { _ in Self.add(store) }
        for entry in entries.prefix(3) { _ = ring.append(entry) }
        _ = ring.removeFirst()
        for entry in entries[3..<7] { _ = ring.append(entry) }
        #expect(ring.entries.map(\.id) == [4, 5, 6, 7])
        _ = ring.removeAll { $0.id == 5 }
        _ = ring.append(entries[7])
        _ = ring.append(entries[8])
        #expect(ring.entries.map(\.id) == [6, 7, 8, 9])
        #expect(ring.last?.id == 9)
    }

    @Test func loopsRecordingAtOnceGetDistinctIdsWithinTheBound() async {
        let store = Self.store(maxEntries: 500)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask { for _ in 0..<1000 { Self.add(store) } }
            }
        }
        let ids = store.snapshot().map(\.id)
        #expect(ids == Array(3501...4000))
    }

    @Test func summariesRenderTheDocumentedKeys() throws {
        let store = Self.store()
        let entry = Self.add(store)
        let summary = try #require(entry.summaryValue(options: store.configuration.echo).objectValue)
        #expect(summary.keys == [
            "id", "requestId", "session", "startedAt", "durationMicroseconds", "outcome", "method", "target", "path", "status",
            "route", "requestBodyBytes", "responseBytes", "contentType", "client", "diagnosticCount",
        ])
        #expect(summary["startedAt"] == "2023-11-14T22:13:20.250Z")
        #expect(WallClock.seconds(fromISO8601: "2023-11-14T22:13:20.250Z") == 1_700_000_000.25)
    }
}
