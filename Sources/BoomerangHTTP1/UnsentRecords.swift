/// The history entries (by id) of responses recorded before their bytes left (the history has them as
/// soon as they are decided), each with where its bytes sit in the connection's output: the
/// connection amends those still unsent when it closes early. Almost always one response, so the
/// newest is held inline and only pipelined responses that queue up behind it use the array.
struct UnsentRecords {
    struct Record {
        let entryID: Int
        /// The connection's queued totals before and after the response's bytes.
        let start: Int
        let end: Int
    }

    private var newest: Record?
    private var older: [Record] = []

    /// Adds a response whose bytes were queued from `start` to `end`; `sent` is the connection's
    /// sent total, which drops earlier responses that have left.
    mutating func add(_ entryID: Int, start: Int, end: Int, sent: Int) {
        if let newest, newest.end > sent {
            older.removeAll { $0.end <= sent }
            older.append(newest)
        }
        newest = Record(entryID: entryID, start: start, end: end)
    }

    /// Every response held, oldest first.
    var records: [Record] {
        older + (newest.map { [$0] } ?? [])
    }

    /// Forgets every response: their bytes have left, or they were reported.
    mutating func removeAll() {
        newest = nil
        if !older.isEmpty { older.removeAll() }
    }
}
