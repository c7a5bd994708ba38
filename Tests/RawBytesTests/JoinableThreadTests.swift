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
    func joiningWaitsForTheClosure(microseconds: Int) throws {
        let box = Box()
        let thread = try #require(
            JoinableThread {
                box.runs.add(1, ordering: .relaxed)
                var waited = ContinuousClock.now
                let end = waited + .microseconds(microseconds)
                while waited < end { waited = ContinuousClock.now }
                box.finished.store(true, ordering: .releasing)
            })
        thread.join()
        #expect(box.finished.load(ordering: .acquiring))
        #expect(box.runs.load(ordering: .relaxed) == 1)
    }

    @Test func twoThreadsEachRunTheirOwnClosure() throws {
        let box = Box()
        let first = try #require(JoinableThread { box.runs.add(1, ordering: .relaxed) })
        let second = try #require(JoinableThread { box.runs.add(10, ordering: .relaxed) })
        second.join()
        first.join()
        #expect(box.runs.load(ordering: .relaxed) == 11)
    }
}
