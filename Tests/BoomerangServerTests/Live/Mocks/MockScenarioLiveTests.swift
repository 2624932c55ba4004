import BoomerangRuntime
import Foundation
import Testing

@testable import BoomerangServer

/// Stateful mappings under concurrent calls on two event loops.
@Suite struct MockScenarioLiveTests {
    @Test func concurrentCallsTakeEachStepOnce() throws {
        let folder = try MappingFolder(["job.yaml": MockScenarioTests.sequence])
        let live = try folder.serve(threads: 2)
        let answers = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let text = (try? live.call("GET", "/job").text) ?? "failed"
            answers.withLock { $0.append(text) }
        }
        let all = answers.withLock { $0 }
        #expect(all.filter { $0 == "queued" }.count == 1)
        #expect(all.filter { $0 == "running" }.count == 1)
        #expect(all.filter { $0 == "done" }.count == 6)
    }
}
