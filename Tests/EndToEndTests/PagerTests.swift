import Foundation
import TestSupport
import Testing

/// `search` on a real pseudo-terminal (its standard streams all the
/// terminal, as from a shell): results taller than the terminal go through
/// a pager, as git and gh page theirs, with what is said about them last in
/// the pager; results that fit, `--no-pager` and `PAGER=cat` go straight to
/// the terminal; through a pipe nothing is said about the results.
@Suite(.serialized) struct PagerTests {
    /// A folder holding a pager that records what it is given, and where.
    struct RecordingPager {
        let folder: URL
        let command: String
        let record: URL

        init(named name: String = "pager", exitingAfter bytes: Int? = nil) throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("pager-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            record = folder.appendingPathComponent("\(name).txt")
            let script = folder.appendingPathComponent("\(name).sh")
            // What a pager is given, and its environment's LESS, then nothing more (as a reader who quits).
            let reads = bytes.map { "head -c \($0)" } ?? "cat"
            try Data(
                "#!/bin/sh\nprintf 'LESS=%s\\n' \"$LESS\" > '\(record.path).env'\n\(reads) > '\(record.path)'\n".utf8
            ).write(to: script)
            // Given to `sh` to read, not run itself: a process that another
            // test's thread forks while the script is open for writing holds
            // it open, and running it would fail with ETXTBSY ("Text file
            // busy", exit 126) until that process starts its program.
            command = "/bin/sh '\(script.path)'"
        }

        var paged: String? {
            (try? Data(contentsOf: record)).map { String(decoding: $0, as: UTF8.self) }
        }

        var environment: String? {
            (try? Data(contentsOf: URL(fileURLWithPath: record.path + ".env"))).map {
                String(decoding: $0, as: UTF8.self)
            }
        }
    }

    /// Runs `search` with its standard streams on a terminal of `columns` x `lines`.
    static func run(
        _ arguments: [String], columns: Int = 80, lines: Int = 24, environment: [String: String] = [:]
    ) throws -> (status: Int32, screen: [String]) {
        let terminal = try PseudoTerminal(
            arguments, columns: columns, lines: lines, environment: environment,
            executable: BinaryRunner.binary.path)
        let status = terminal.finish(timeout: 60)
        // The whole of what was drawn, scrolled or not: a tall screen.
        let screen = terminal.screen(columns: columns, lines: 400).text.filter { !$0.isEmpty }
        return (status, screen)
    }

    @Test func resultsTallerThanTheTerminalGoThroughThePagerWithTheFeedbackLast() throws {
        let pager = try RecordingPager()
        let result = try Self.run(
            ["queen", "-n", "12", "--color", "never"], columns: 60, lines: 10, environment: ["PAGER": pager.command])
        #expect(result.status == 0)
        let paged = try #require(pager.paged, "the pager did not run")
        let lines = paged.split(separator: "\n").map(String.init)
        // The table at the terminal's width, then what is said about it, last.
        #expect(lines.first?.hasPrefix("KIND") == true, "\(paged)")
        #expect(lines.dropLast(2).allSatisfy { $0.count <= 60 }, "\(paged)")
        #expect(
            lines.filter { $0.hasPrefix("domain ") || $0.hasPrefix("card ") || $0.hasPrefix("product ") }.count == 12)
        #expect(
            lines.suffix(2) == [
                "showing 12 of 17 (--limit to see more)",
                "hidden to fit 60 columns: product ABOUT (--wide shows them, or a wider terminal)",
            ], "\(paged)")
        // Nothing of it on the terminal around the pager.
        #expect(!result.screen.contains { $0.contains("showing") || $0.contains("Queen") }, "\(result.screen)")
        // less is told to quit when the text fits, to show colour and to leave the text on the screen.
        #expect(pager.environment == "LESS=FRX\n")
    }

    @Test func colourReachesThePager() throws {
        let pager = try RecordingPager()
        let result = try Self.run(["queen"], lines: 10, environment: ["PAGER": pager.command, "LESS": "R"])
        #expect(result.status == 0)
        #expect(pager.paged?.contains("\u{1B}[1mKIND\u{1B}[0m") == true, "\(pager.paged ?? "")")
        #expect(pager.environment == "LESS=R\n")
    }

    @Test func resultsThatFitAreWrittenToTheTerminalWithTheFeedback() throws {
        let pager = try RecordingPager()
        let result = try Self.run(["queen", "-n", "3", "--color", "never"], environment: ["PAGER": pager.command])
        #expect(result.status == 0)
        #expect(pager.paged == nil, "the pager ran")
        #expect(result.screen.contains { $0.hasPrefix("card  Queen of Hearts") }, "\(result.screen)")
        #expect(result.screen.last == "showing 3 of 17 (--limit to see more)", "\(result.screen)")
    }

    @Test(arguments: [
        (["--no-pager"], [String: String]()),
        ([], ["PAGER": "cat"]),
        ([], ["PAGER": ""]),
    ])
    func noPagerWhenToldSo(extra: [String], environment: [String: String]) throws {
        let pager = try RecordingPager()
        var environment = environment
        // --no-pager beats a pager set; PAGER=cat and PAGER= are none.
        if environment.isEmpty { environment["PAGER"] = pager.command }
        let result = try Self.run(["queen", "--color", "never"] + extra, lines: 10, environment: environment)
        #expect(result.status == 0)
        #expect(pager.paged == nil, "the pager ran")
        #expect(result.screen.contains { $0.hasPrefix("domain   3queens.io") }, "\(result.screen)")
    }

    @Test func resultKitPagerIsChosenBeforePager() throws {
        let ours = try RecordingPager(named: "ours")
        let theirs = try RecordingPager(named: "theirs")
        let result = try Self.run(
            ["queen"], lines: 10, environment: ["RESULTKIT_PAGER": ours.command, "PAGER": theirs.command])
        #expect(result.status == 0)
        #expect(ours.paged != nil)
        #expect(theirs.paged == nil)
        // Empty, it turns paging off whatever PAGER says.
        let off = try Self.run(["queen"], lines: 10, environment: ["RESULTKIT_PAGER": "", "PAGER": theirs.command])
        #expect(off.status == 0)
        #expect(theirs.paged == nil)
    }

    /// A reader who quits the pager early meant to: no broken pipe, no error.
    @Test func quittingThePagerEarlyIsNoError() throws {
        let pager = try RecordingPager(exitingAfter: 300)
        let result = try Self.run(["", "-n", "2000"], lines: 10, environment: ["PAGER": pager.command])
        #expect(result.status == 0, "\(result.screen)")
        #expect(pager.paged?.utf8.count == 300)
        #expect(!result.screen.contains { $0.hasPrefix("error:") }, "\(result.screen)")
    }

    @Test func aPagerThatCannotRunIsAnError() throws {
        let result = try Self.run(["queen"], lines: 10, environment: ["PAGER": "/nonexistent/pager"])
        #expect(result.status == 2)
        #expect(
            result.screen.contains {
                $0.hasPrefix("error: the pager ($RESULTKIT_PAGER, else $PAGER, else less) could not run")
            }, "\(result.screen)")
    }

    /// Through a pipe, nothing is said about the results, though standard
    /// error is the terminal: a script sees the data alone.
    @Test func throughAPipeNothingIsSaid() throws {
        let pager = try RecordingPager()
        for arguments in ["queen -n 3", "queen --width 40", "queen -n 0", "queen --offset 40", "zzqxj"] {
            let terminal = try PseudoTerminal(
                ["-c", "\"$SEARCH\" \(arguments) | cat > /dev/null; echo done"], lines: 10,
                environment: ["SEARCH": BinaryRunner.binary.path, "PAGER": pager.command], executable: "/bin/sh")
            #expect(terminal.finish() == 0)
            let screen = terminal.screen(lines: 50).text.filter { !$0.isEmpty }
            #expect(screen == ["done"], "\(arguments): \(screen)")
        }
        #expect(pager.paged == nil, "the pager ran for a pipe")
    }

    /// On a terminal, results there are though none is shown are not "no results".
    @Test(arguments: [
        (["queen", "-n", "0"], "17 results, none shown (--limit 0)"),
        (["queen", "--offset", "40"], "17 results, none past --offset 40"),
        (["zzqxj"], "no results for \"zzqxj\""),
    ])
    func whatIsSaidWhenNoneIsShown(arguments: [String], said: String) throws {
        let result = try Self.run(arguments)
        #expect(result.status == 1)
        #expect(result.screen == [said], "\(result.screen)")
    }

    /// Columns dropped to fit are named once, with the way to see them.
    @Test func theHiddenColumnsLine() throws {
        let narrow = try Self.run(["queen", "--color", "never"], columns: 40, lines: 40)
        #expect(narrow.status == 0)
        // The line, as wide as the terminal shows it (it goes on past it).
        #expect(narrow.screen.last == "hidden to fit 40 columns: card CARD and", "\(narrow.screen)")
        let wide = try Self.run(["queen", "--color", "never", "--wide"], columns: 40, lines: 40)
        #expect(!wide.screen.contains { $0.hasPrefix("hidden") }, "\(wide.screen)")
        let quiet = try Self.run(["queen", "--color", "never", "-q"], columns: 40, lines: 40)
        #expect(!quiet.screen.contains { $0.hasPrefix("hidden") }, "\(quiet.screen)")
    }
}
