import RawBytes
import Synchronization
import Testing

/// A thread of its own runs its closure once, and joining waits for it to
/// finish, however long the closure takes.
@Suite struct JoinableThreadTests {
    final class Box: Sendable {
        let runs = Atomic<Int>(0)
        let finished = Atomic<Bool>(false)
    }

    @Test(arguments: [0, 1_000, 50_000])
    func joiningWaitsForTheClosure(microseconds: Int) {
        let box = Box()
        guard
            let thread = JoinableThread({
                box.runs.add(1, ordering: .relaxed)
                var waited = ContinuousClock.now
                let end = waited + .microseconds(microseconds)
                while waited < end { waited = ContinuousClock.now }
                box.finished.store(true, ordering: .releasing)
            })
        else {
            Issue.record("no thread started")
            return
        }
        thread.join()
        let finished = box.finished.load(ordering: .acquiring)
        let runs = box.runs.load(ordering: .relaxed)
        #expect(finished)
        #expect(runs == 1)
    }

    @Test func twoThreadsEachRunTheirOwnClosure() {
        let box = Box()
        guard let first = JoinableThread({ box.runs.add(1, ordering: .relaxed) }),
            let second = JoinableThread({ box.runs.add(10, ordering: .relaxed) })
        else {
            Issue.record("no thread started")
            return
        }
        second.join()
        first.join()
        let runs = box.runs.load(ordering: .relaxed)
        #expect(runs == 11)
    }
}
