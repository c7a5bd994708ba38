import Foundation
import Testing

/// Any number a user can type is either used (saturated where counts add up)
/// or refused with a usage error: none traps.
@Suite(.serialized) struct NumericOptionTests {
    /// Regression: `--offset` plus `--limit` sized the kept results with a
    /// trapping addition, so these died with SIGILL.
    static let saturated: [([String], Int32)] = [
        (["queen", "--offset", "9223372036854775807"], 1),
        (["queen", "--limit", "4611686018427387904", "--offset", "4611686018427387904"], 1),
        (["queen", "--limit", "9223372036854775807", "--offset", "9223372036854775807", "--fuzzy"], 1),
        (["queen", "--limit", "9223372036854775807", "--offset", "1", "--sort", "-price", "-o", "jsonl"], 0),
        (["queen", "--limit", "9223372036854775807", "-o", "csv"], 0),
        (["qeen", "--limit", "9223372036854775807", "--offset", "9223372036854775807"], 1),
        (["queen", "--width", "9223372036854775807", "--style", "rounded"], 0),
    ]

    @Test(arguments: saturated)
    func hugeCountsNeverTrap(arguments: [String], status: Int32) throws {
        let run = try GuardedRun.run(arguments)
        #expect(!run.signaled && !run.timedOut, "search \(arguments) crashed: \(run.stderr)")
        #expect(run.status == status, "search \(arguments): \(run.stderr)")
        #expect(run.stderr.isEmpty, "\(run.stderr)")
    }

    /// The same counts on a file big enough to be searched by every core.
    @Test func hugeCountsNeverTrapInAParallelSearch() throws {
        let directory = try GuardedRun.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("big.jsonl")
        let line = #"{"kind":"product","name":"queen thing","price":3,"description":""#
        var text = ""
        for index in 0..<90_000 {
            text += line + String(repeating: "x", count: 40) + #"","sku":\#(index)}"# + "\n"
        }
        try Data(text.utf8).write(to: file)
        for counts in [
            ["--offset", "9223372036854775807"], ["--limit", "4611686018427387904", "--offset", "4611686018427387904"],
        ] {
            let run = try GuardedRun.run(["queen", "--data", file.path] + counts, timeout: 120)
            #expect(!run.signaled && !run.timedOut, "\(counts) crashed: \(run.stderr)")
            #expect(run.status == 1, "\(counts): \(run.stderr)")
        }
        let all = try GuardedRun.run(
            ["queen", "--data", file.path, "--limit", "9223372036854775807", "-o", "jsonl"], timeout: 120)
        #expect(all.status == 0, "\(all.stderr)")
        #expect(all.text.split(separator: "\n").count == 90_000)
    }

    @Test func aHugeTerminalWidthFromTheEnvironmentIsUsed() throws {
        let run = try GuardedRun.run(["queen"], environment: ["COLUMNS": "9223372036854775807"])
        #expect(!run.signaled, "\(run.stderr)")
        #expect(run.status == 0, "\(run.stderr)")
    }

    /// Numbers out of range are usage errors that name the option.
    static let refused: [[String]] = [
        ["queen", "-n", "-1"],
        ["queen", "--limit", "99999999999999999999999"],
        ["queen", "--offset", "-9223372036854775808"],
        ["queen", "--max-line-bytes", "99999999999G"],
        ["queen", "--max-line-bytes", "9223372036854775807"],
        ["queen", "--max-document-bytes", "-1M"],
        ["queen", "--width", "99999999999999999999"],
    ]

    @Test(arguments: refused)
    func outOfRangeNumbersAreUsageErrors(arguments: [String]) throws {
        let run = try GuardedRun.run(arguments)
        #expect(!run.signaled, "\(run.stderr)")
        #expect(run.status == 64, "search \(arguments): \(run.stderr)")
        #expect(run.stderr.hasPrefix("error: The value '"), "\(run.stderr)")
    }
}
