import Foundation
import Testing

/// The harness itself: a run or a terminal a test is done with gives back
/// its descriptors. Ones that did not (a terminal's reading thread held it;
/// a run's deadline held its process for 30 s) left three or four
/// descriptors each, and past some 1,350 open descriptors Foundation's
/// `Process.run()` reads past its buffer while listing `/proc/self/fd`: the
/// whole test run crashed (signal 11) in a CI run. And a child the harness
/// does not reap stays a zombie, which hides the exit tests' children from
/// their waiter: the run then hangs.
@Suite struct TestHarnessTests {
    @Test func aFinishedTerminalIsReleased() throws {
        weak var released: PseudoTerminal?
        do {
            let terminal = try PseudoTerminal(["--version"])
            released = terminal
            _ = terminal.finish()
        }
        #expect(released == nil)
    }

    @Test func aTerminalDroppedWhileItsProgramRunsIsReleased() throws {
        weak var released: PseudoTerminal?
        do {
            let terminal = try PseudoTerminal(["-i"], stdin: Array("{\"kind\":\"domain\",\"name\":\"a.com\"}\n".utf8))
            released = terminal
        }
        #expect(released == nil)
    }

    @Test func aTerminalDroppedWhileItsProgramRunsLeavesNoZombie() throws {
        var pid: pid_t = 0
        do {
            let terminal = try PseudoTerminal(["-i"], stdin: Array("{\"kind\":\"domain\",\"name\":\"a.com\"}\n".utf8))
            pid = terminal.pid
        }
        // A zombie still takes signal 0; a reaped process is gone.
        #expect(kill(pid, 0) == -1 && errno == ESRCH)
    }

    @Test func aGuardedRunReleasesItsProcessWhenItReturns() throws {
        weak var released: Process?
        let run = try GuardedRun.run(["--version"], stdin: Array("x".utf8)) { released = $0 }
        #expect(run.status == 0)
        // Foundation lets go of a process on its own thread, soon after the
        // end; the deadline (30 s) held it until its time came.
        for _ in 0..<250 where released != nil { usleep(20_000) }
        #expect(released == nil)
    }
}
