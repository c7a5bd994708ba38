import Foundation
import Testing

@testable import BenchSupport

@Suite struct ProcessRunnerTests {
    @Test func exitStatusesAndSignalsAreReported() throws {
        let exited = try ProcessRunner.run(Shell.arguments("exit 3"), stdoutPath: "/dev/null", stderrPath: "/dev/null")
        #expect(exited.exitStatus == 3)
        let killed = try ProcessRunner.run(
            Shell.arguments("kill -9 $$"), stdoutPath: "/dev/null", stderrPath: "/dev/null")
        #expect(killed.exitStatus == 128 + 9)
    }

    @Test func wallTimeCoversTheWholeProcessAndItsChildren() throws {
        let sample = try ProcessRunner.run(
            Shell.arguments("sleep 0.2 | cat"), stdoutPath: "/dev/null", stderrPath: "/dev/null")
        #expect(sample.seconds >= 0.2)
        #expect(sample.seconds < 5)
    }

    @Test func peakMemoryIncludesChildrenOfAPipeline() throws {
        // A child that holds 64 MiB must show up in the peak, though the shell is small.
        let python = try #require(Shell.which("python3"))
        let sample = try ProcessRunner.run(
            Shell.arguments("\(python) -c 'b = bytearray(64 << 20); b[::4096] = b\"x\" * len(b[::4096])' | cat"),
            stdoutPath: "/dev/null", stderrPath: "/dev/null")
        #expect(sample.exitStatus == 0)
        #expect(sample.peakRSSKiB >= 64 * 1024)
    }

    @Test func stdoutGoesToTheFileAndFirstOutputIsTimed() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("out-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try ProcessRunner.run(Shell.arguments("echo 'it'\\''s'"), stdoutPath: path, stderrPath: "/dev/null")
        #expect(Bench.readPrefix(path) == "it's\n")

        let timed = try ProcessRunner.runTimingFirstOutput(Shell.arguments("echo early; sleep 0.3"))
        let first = try #require(timed.firstOutputSeconds)
        #expect(first < timed.seconds)
        #expect(timed.seconds >= 0.3)
        let silent = try ProcessRunner.runTimingFirstOutput(Shell.arguments("true"))
        #expect(silent.firstOutputSeconds == nil)
    }

    @Test func aMissingProgramIsAnError() {
        #expect(throws: BenchmarkError.self) {
            try ProcessRunner.run(["/nonexistent/program"], stdoutPath: "/dev/null", stderrPath: "/dev/null")
        }
    }

    @Test(arguments: ["plain", "it's", "'", "a b; rm -rf x", "$HOME `id`"])
    func shellQuotingKeepsTheTextAsIs(text: String) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("q-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try ProcessRunner.run(
            Shell.arguments("printf %s \(Shell.quote(text))"), stdoutPath: path, stderrPath: "/dev/null")
        #expect(Bench.readPrefix(path) == text)
    }
}
