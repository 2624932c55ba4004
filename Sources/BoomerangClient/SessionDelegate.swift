import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The session's delegate: collects each task's body and reports its progress, keyed by task
/// identifier, and resumes the caller when the task completes.
///
/// Callbacks run on the session's delegate queue while callers register from any thread, so the
/// per-task table sits behind a lock (`NSLock`, which ThreadSanitizer understands on Linux).
final class SessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// What a finished task produced.
    struct Outcome: Sendable {
        var response: URLResponse?
        var data: [UInt8]
        var error: (any Error)?
    }

    private struct Entry {
        var data: [UInt8] = []
        var progress: ProgressHandler?
        var finish: @Sendable (Outcome) -> Void
    }

    private let lock = NSLock()
    private var entries: [Int: Entry] = [:]

    /// Starts tracking `task`; `finish` is called once, when it completes.
    func register(_ task: URLSessionTask, progress: ProgressHandler?, finish: @escaping @Sendable (Outcome) -> Void) {
        lock.lock()
        entries[task.taskIdentifier] = Entry(progress: progress, finish: finish)
        lock.unlock()
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        didSendBodyData bytesSent: Int64,
        totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        lock.lock()
        let handler = entries[task.taskIdentifier]?.progress
        lock.unlock()
        let total = totalBytesExpectedToSend >= 0 ? totalBytesExpectedToSend : nil
        handler?(TransferProgress(direction: .upload, completedBytes: totalBytesSent, totalBytes: total))
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        lock.lock()
        entries[dataTask.taskIdentifier]?.data.append(contentsOf: data)
        let count = entries[dataTask.taskIdentifier]?.data.count ?? 0
        let handler = entries[dataTask.taskIdentifier]?.progress
        lock.unlock()
        let expected = dataTask.response?.expectedContentLength ?? -1
        handler?(TransferProgress(direction: .download, completedBytes: Int64(count), totalBytes: expected >= 0 ? expected : nil))
    }

    /// Cancels `task` and finishes its caller at once with `URLError(.cancelled)`, as
    /// `URLSession` would: FoundationNetworking on Linux can lose a cancel that comes while a
    /// resumed task is still being handed to libcurl, and the caller would then get the response.
    /// What the task still reports afterwards goes nowhere.
    func cancel(_ task: URLSessionTask) {
        lock.lock()
        let entry = entries.removeValue(forKey: task.taskIdentifier)
        lock.unlock()
        task.cancel()
        entry?.finish(Outcome(response: nil, data: [], error: URLError(.cancelled)))
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        lock.lock()
        let entry = entries.removeValue(forKey: task.taskIdentifier)
        lock.unlock()
        entry?.finish(Outcome(response: task.response, data: entry?.data ?? [], error: error))
    }
}
