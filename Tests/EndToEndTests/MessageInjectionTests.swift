import Foundation
import Testing

/// What the user typed comes back in messages (an option's value, an unknown
/// option, a query, a file name); none of it may reach the terminal raw.
@Suite(.serialized) struct MessageInjectionTests {
    static let clipboard = "\u{1B}]52;c;cHduZWQ=\u{07}"
    static let clear = "\u{1B}[2J\u{9B}H"

    /// Regression: usage errors echoed option names and values raw, so
    /// `search --format $'\e]52;c;…\a'` wrote to the clipboard.
    static let cases: [[String]] = [
        ["--format", clipboard],
        ["--color", clear],
        ["--style", clipboard],
        ["--group-by", clipboard],
        ["--limit", clipboard],
        ["--width", clear],
        ["--max-line-bytes", clipboard],
        ["--generate-completion-script", clipboard],
        ["--fuzzy=" + clipboard],
        ["--" + clipboard],
        ["-" + clipboard],
        ["--fields", "\u{1B}[31m", "-o", "csv"],
        ["queen", "--sort", clipboard],
        ["\"" + clipboard],
        ["price<" + clipboard],
        ["queen", "--data", "/nonexistent/" + clipboard + ".jsonl"],
        ["queen", "--kinds", "/nonexistent/" + clear],
        ["queen", "--kind", clipboard],
    ]

    @Test(arguments: cases)
    func echoedInputNeverReachesTheTerminalRaw(arguments: [String]) throws {
        let run = try GuardedRun.run(arguments)
        #expect(!run.signaled && !run.timedOut)
        #expect([2, 64].contains(run.status), "search \(arguments): \(run.stderr)")
        #expect(run.stderr.hasPrefix("error: "), "\(run.stderr)")
        let control = GuardedRun.firstControl(in: Array(run.stderr.utf8))
        #expect(control == nil, "\(control ?? "") on stderr: \(run.stderr.debugDescription)")
        #expect(GuardedRun.firstControl(in: run.stdout) == nil, "\(run.text.debugDescription)")
        #expect(run.stderr.contains("^["), "the escape is shown, as ^[: \(run.stderr.debugDescription)")
    }

    /// A line feed in what the user typed or in the data is shown as `^J`:
    /// it cannot start a line of its own that reads like a message.
    @Test(arguments: [
        (["--format", "x\nerror: forged"], nil as String?),
        (["--kind", "x\nerror: forged"], nil),
        (["--\nerror: forged"], nil),
        (["x", "--data", "-"], #"{"kind":"x\nerror: forged","name":"x"}"#),
    ])
    func aLineFeedCannotForgeAMessage(arguments: [String], stdin: String?) throws {
        let run = try GuardedRun.run(arguments, stdin: stdin.map { Array($0.utf8) + [0x0A] })
        #expect(!run.stderr.isEmpty)
        #expect(!run.stderr.contains("\nerror: forged"), "\(run.stderr)")
        #expect(run.stderr.contains("^Jerror: forged"), "\(run.stderr)")
    }
}
