import Foundation
import Testing

/// A failed write is not a closed pipe: it is reported, with status 2.
@Suite(.serialized) struct WriteErrorTests {
    /// Regression: `search queen > /dev/full` exited 141 with nothing on
    /// stderr, as if the reader had gone.
    @Test(arguments: ["table", "json", "jsonl", "csv", "tsv", "markdown"])
    func aFullDiskIsReportedWithStatus2(format: String) throws {
        try #require(FileManager.default.fileExists(atPath: "/dev/full"), "this check needs Linux's /dev/full")
        let run = try GuardedRun.run(["queen", "--format", format], stdoutPath: "/dev/full")
        #expect(!run.signaled)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr == "error: cannot write to standard output: No space left on device\n")
    }

    @Test func helpToAFullDiskIsReportedToo() throws {
        try #require(FileManager.default.fileExists(atPath: "/dev/full"), "this check needs Linux's /dev/full")
        let run = try GuardedRun.run(["--help"], stdoutPath: "/dev/full")
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("error: cannot write to standard output: "), "\(run.stderr)")
    }
}
