import Foundation
import Glibc
import TestSupport
import Testing

/// A large file is read in place through a mapping, and a mapped file that
/// another process makes shorter raises `SIGBUS` on the next read past its
/// new end. The built `search` must never die of it: it gives either a
/// normal result or one clear error with exit status 2.
@Suite(.serialized) struct TruncatedFileTests {
    @Test func aFileThatGetsShorterWhileItIsReadGivesAnErrorNotACrash() throws {
        let directory = try GuardedRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("big.jsonl").path
        var text = ""
        var index = 0
        // 24 MiB: read in parallel blocks (8 MiB and up), long enough to be
        // cut while it is read. Few records match, for a quick search.
        while text.utf8.count < 24 << 20 {
            let name = index % 5000 == 0 ? "teapot" : "mug"
            text +=
                #"{"kind":"product","name":"\#(name) \#(index)","price":\#(index % 90 + 1),"category":"kitchen"}"#
                + "\n"
            index += 1
        }
        let bytes = Data(text.utf8)
        let arguments = ["teapot", "--data", path, "--limit", "5", "--sort", "price", "--format", "jsonl"]
        let message = "error: cannot read \(path): it got shorter while it was read\n"

        try bytes.write(to: URL(fileURLWithPath: path))
        let started = Date()
        let untouched = try Self.run(arguments, truncating: nil, after: 0)
        let duration = Date().timeIntervalSince(started)
        #expect(untouched.status == 0 && untouched.reason == .exit, "\(untouched.stderr)")

        // Where in the run the file is cut, as a share of the untouched
        // run's time: moved earlier when the run was over first, later when
        // the cut came before the file was read.
        var share = 0.5
        var sawTheError = false
        for _ in 0..<12 where !sawTheError {
            try bytes.write(to: URL(fileURLWithPath: path))
            let outcome = try Self.run(arguments, truncating: path, after: duration * share)
            #expect(outcome.reason == .exit, "killed by signal \(outcome.status): \(outcome.stderr)")
            if outcome.stderr == message {
                #expect(outcome.status == 2)
                #expect(outcome.stdout.isEmpty)
                sawTheError = true
            } else {
                #expect([0, 1].contains(outcome.status), "status \(outcome.status): \(outcome.stderr)")
                if outcome.finishedFirst {
                    #expect(outcome.stdout == untouched.stdout)
                    share /= 2
                } else {
                    share = min(0.95, share * 1.5)
                }
            }
        }
        #expect(sawTheError, "no run was cut while the file was read")
    }

    struct Outcome {
        var status: Int32
        var reason: Process.TerminationReason
        var stdout: Data
        var stderr: String
        /// Whether the run was over before the file was cut.
        var finishedFirst: Bool
    }

    /// Runs `search`, cutting the file at `path` to 1 MiB and a bit after
    /// `delay` seconds.
    static func run(_ arguments: [String], truncating path: String?, after delay: TimeInterval) throws -> Outcome {
        let process = Process()
        process.executableURL = BinaryRunner.binary
        process.arguments = arguments
        process.environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "HOME": "/nonexistent"]
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        try process.run()
        nonisolated(unsafe) var errData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        var finishedFirst = true
        if let path {
            usleep(UInt32(delay * 1_000_000))
            finishedFirst = !process.isRunning
            #expect(truncate(path, (1 << 20) + 17) == 0)
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        group.wait()
        return Outcome(
            status: process.terminationStatus, reason: process.terminationReason, stdout: outData,
            stderr: String(decoding: errData, as: UTF8.self), finishedFirst: finishedFirst)
    }
}
