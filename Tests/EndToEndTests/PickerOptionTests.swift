import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `search -i`'s options (`--query`, `-1`, `-0`, `--height`), its input
/// (an endless pipe, a large file, a long paste) and its screen, driven
/// through a pseudo-terminal with the real binary.
@Suite(.serialized) struct PickerOptionTests {
    static func statusLine(_ screen: VirtualScreen) -> String { screen.text[screen.lines - 2] }
    static func queryLine(_ screen: VirtualScreen) -> String { screen.text[screen.lines - 1] }

    // MARK: --query

    @Test func theQueryOptionStartsThePickerAsTheQueryWordsDo() throws {
        let terminal = try PseudoTerminal(["-i", "--query", "queen"])
        #expect(terminal.waitFor { Self.statusLine($0).hasPrefix("  17 of 2,653") })
        #expect(Self.queryLine(terminal.screen()) == "> queen")
        terminal.type("\r")
        #expect(terminal.finish() == 0)
        #expect(terminal.stdout == "Queen of Clubs\n")
    }

    @Test func theQueryOptionIsTheQueryOfAOneShotSearchToo() throws {
        let option = try BinaryRunner.run(["--query", "queen hearts"])
        let words = try BinaryRunner.run(["queen", "hearts"])
        #expect(option.status == 0)
        #expect(option.stdout == words.stdout)
        // Words and the option: the words, then the option's query.
        let both = try BinaryRunner.run(["queen", "--query=hearts"])
        #expect(both.stdout == words.stdout)
        // Regression: --query was taken for a misspelt --query-timeout.
        let misspelt = try BinaryRunner.run(["--quer", "x"])
        #expect(misspelt.status == 64)
        #expect(misspelt.stderr.contains("Did you mean '--query'?"), "\(misspelt.stderr)")
    }

    /// The picker's options do nothing to a one-shot search, and say so.
    @Test(arguments: [["--height", "5"], ["-1"], ["-0"], ["--no-mouse"], ["--preview"], ["--layout", "reverse"]])
    func thePickersOptionsWarnWithoutInteractive(option: [String]) throws {
        let run = try BinaryRunner.run(["queen"] + option)
        let plain = try BinaryRunner.run(["queen"])
        #expect(run.status == 0)
        #expect(run.stdout == plain.stdout)
        let long = ["-1": "--select-1", "-0": "--exit-0"][option[0]] ?? option[0]
        #expect(run.stderr == "warning: \(long) applies to --interactive only; ignored\n")
    }

    // MARK: -1 and -0

    /// One row for the query: it is printed and the picker never shows
    /// (nothing is drawn, the terminal's modes are never changed).
    @Test(arguments: [["-1"], ["--select-1"], ["-1", "-0"]])
    func selectOneWithOneRowPrintsItWithoutThePicker(flags: [String]) throws {
        let terminal = try PseudoTerminal(["-i"] + flags + ["queen of spades"])
        #expect(terminal.finish() == 0)
        #expect(terminal.stdout == "Queen of Spades\n")
        #expect(terminal.screenBytes.isEmpty, "the picker was drawn")
        #expect(PseudoTerminal.same(terminal.modes, terminal.modesBefore))
    }

    @Test(arguments: [["-0"], ["--exit-0"], ["-1", "-0"]])
    func exitZeroWithNoRowExitsOneWithoutThePicker(flags: [String]) throws {
        let terminal = try PseudoTerminal(["-i"] + flags + ["zzzzqqqxxjj"])
        #expect(terminal.finish() == 1)
        #expect(terminal.stdout == "")
        #expect(terminal.screenBytes.isEmpty, "the picker was drawn")
    }

    /// Otherwise the picker shows as without them.
    @Test(arguments: [["-1", "queen"], ["-0", "queen"], ["-1", "zzzzqqqxxjj"], ["-0", "queen of spades"]])
    func withMoreRowsOrNoneThePickerShows(arguments: [String]) throws {
        let terminal = try PseudoTerminal(["-i"] + arguments)
        #expect(terminal.waitFor { Self.statusLine($0).contains(" of 2,653") })
        terminal.type("\u{1B}")
        #expect(terminal.finish() == 130)
        #expect(PseudoTerminal.same(terminal.modes, terminal.modesBefore))
    }

    /// On piped input, -1 and -0 decide once all of it has come.
    @Test func selectOneWaitsForTheWholeInput() throws {
        let lines = (0..<20_000).map { #"{"kind":"note","name":"row \#($0)"}"# } + [#"{"kind":"note","name":"last"}"#]
        let data = Array((lines.joined(separator: "\n") + "\n").utf8)
        let one = try PseudoTerminal(["-i", "-1", "-k", "note", "last"], stdin: data)
        #expect(one.finish() == 0)
        #expect(one.stdout == "last\n")
        let none = try PseudoTerminal(["-i", "-0", "-k", "note", "zzzzqqq"], stdin: data)
        #expect(none.finish() == 1)
        #expect(none.stdout == "")
    }

    // MARK: --height

    /// A shell, its prompt `$ `, on a terminal of `lines` lines.
    static func shell(lines: Int = 24) throws -> PseudoTerminal {
        try PseudoTerminal(
            ["--norc", "--noprofile", "-i"], lines: lines, environment: ["PS1": "$ "], executable: "/bin/bash")
    }

    /// Answers the picker's question of where the cursor is, as a terminal
    /// does: where it was when the question was drawn.
    static func answerCursorPosition(_ terminal: PseudoTerminal, lines: Int) -> Bool {
        let bytes = terminal.screenBytes
        let question = Array("\u{1B}[6n".utf8)
        guard
            let at = (0...max(0, bytes.count - question.count)).last(where: {
                bytes[$0..<($0 + question.count)].elementsEqual(question)
            })
        else { return false }
        var screen = VirtualScreen(columns: 80, lines: lines)
        screen.feed(Array(bytes[..<at]))
        terminal.type("\u{1B}[\(screen.cursor.line + 1);\(screen.cursor.column + 1)R")
        return true
    }

    /// Drawn in the lines below the prompt, not on the alternate screen;
    /// on the way out they are cleared and the next output goes where the
    /// picker began, the lines above untouched.
    @Test(arguments: [24, 12])
    func heightDrawsBelowTheCursorAndClearsItsLinesOnTheWayOut(lines: Int) throws {
        let shell = try Self.shell(lines: lines)
        let search = BinaryRunner.binary.path
        shell.type("clear; seq 1 \(lines - 4); \(search) -i --height 6 queen; echo status=$?\r")
        let shows = shell.waitFor(lines: lines) { screen in
            screen.text.contains { $0.contains("17 of 2,653") } && screen.text.contains { $0 == "> queen" }
        }
        #expect(shows, "\(shell.screen(lines: lines).text.joined(separator: "\n"))")
        let screen = shell.screen(lines: lines)
        let last = try #require(screen.text.lastIndex { $0 == "\(lines - 4)" })
        // Six lines below the last line of seq, the query line the sixth.
        #expect(screen.text[last + 6] == "> queen")
        #expect(screen.text[last + 5].hasPrefix("  17 of 2,653"))
        #expect(screen.cursor == (last + 6, 7))
        let drawn = String(decoding: shell.screenBytes, as: UTF8.self)
        #expect(!drawn.contains("\u{1B}[?1049h"), "the alternate screen was used")
        // A click on a row, where the terminal said the picker's lines are.
        #expect(Self.answerCursorPosition(shell, lines: lines))
        let spades = try #require(screen.text.firstIndex { $0.contains("Queen of Spades") })
        shell.type("\u{1B}[<0;10;\(spades + 1)M\u{1B}[<0;10;\(spades + 1)m")
        #expect(shell.waitFor(lines: lines) { $0.text[spades].hasPrefix("> ") })
        shell.type("\r")
        let done = shell.waitFor(lines: lines) { screen in screen.text.contains { $0.hasPrefix("status=0") } }
        #expect(done)
        let after = shell.screen(lines: lines)
        let end = try #require(after.text.lastIndex { $0 == "\(lines - 4)" })
        // The chosen name where the picker began, then the status; no line of the picker left.
        #expect(after.text[end + 1] == "Queen of Spades")
        #expect(after.text[end + 2] == "status=0")
        #expect(!after.text.contains { $0.contains("of 2,653") || $0.hasPrefix("> ") })
        // The lines above are as seq left them.
        #expect(after.text[end] == "\(lines - 4)" && after.text[end - 1] == "\(lines - 5)")
        shell.type("exit\r")
        _ = shell.finish()
    }

    @Test func aHeightInPercentTakesThatShareOfTheLines() throws {
        let shell = try Self.shell()
        shell.type("clear\r")
        #expect(shell.waitFor { $0.text.first == "$" })
        shell.type("\(BinaryRunner.binary.path) -i --height 50% queen; echo status=$?\r")
        #expect(shell.waitFor { $0.text.contains { $0 == "> queen" } })
        let screen = shell.screen()
        let query = try #require(screen.text.firstIndex { $0 == "> queen" })
        // The command's line (this screen does not wrap it), then twelve lines: half of 24.
        let command = try #require(screen.text.firstIndex { $0.hasPrefix("$ ") })
        #expect(query - command == 12, "\(screen.text.joined(separator: "\n"))")
        shell.type("\u{1B}")
        #expect(shell.waitFor { $0.text.contains { $0 == "status=130" } })
        shell.type("exit\r")
        _ = shell.finish()
    }

    @Test(arguments: ["0", "-3", "abc", "101%", "0%", "+5"])
    func aHeightThatIsNoCountOfLinesIsAUsageError(value: String) throws {
        let run = try BinaryRunner.run(["-i", "--height", value])
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("error: The value '\(value)' is invalid for '--height'"), "\(run.stderr)")
    }

    // MARK: Input

    /// `yes '{…}' | search -i`, `yes 'some text line' | search -i`: the
    /// screen draws at once and the count grows while the pipe goes on;
    /// memory stays within 64 MB; Esc leaves. NDJSON is copied as it comes,
    /// text is written to the copy a record per line as it comes.
    @Test(arguments: [
        (#"{"kind":"card","rank":"Q","suit":"hearts"}"#, "Queen of Hearts"),
        ("some text line", "> some text line"),
    ])
    func anEndlessPipeIsDrawnAtOnceAndStaysWithinItsMemory(line: String, row: String) throws {
        let started = Date()
        let terminal = try PseudoTerminal(["-i"], stdin: Array((line + "\n").utf8), repeatsStdin: true)
        #expect(terminal.waitFor(timeout: 1) { Self.statusLine($0).contains("reading…") })
        #expect(Date().timeIntervalSince(started) < 1.5)
        #expect(terminal.waitFor { $0.text.contains { $0.contains(row) } })
        func total() -> Int {
            let status = Self.statusLine(terminal.screen())
            let of = status.components(separatedBy: " of ").dropFirst().first ?? ""
            return Int(of.prefix { $0.isNumber || $0 == "," }.filter(\.isNumber)) ?? 0
        }
        let early = total()
        usleep(UInt32(max(0, 10 - Date().timeIntervalSince(started)) * 1_000_000))
        let peak = try Self.peakMemoryKiB(of: terminal.pid)
        #expect(peak <= 64 * 1024, "peak memory \(peak) KiB after 10 s")
        #expect(total() > early, "the count did not grow")
        terminal.type("\u{1B}")
        #expect(terminal.finish() == 130)
        #expect(terminal.stdout == "")
        #expect(PseudoTerminal.same(terminal.modes, terminal.modesBefore))
    }

    /// Lines that come slowly (a `find`, a log) show as they come, as in
    /// fzf: the first line of text, which no header of CSV or TSV can be,
    /// settles the form, so the picker does not wait for 64 KiB to tell it.
    @Test func linesThatComeSlowlyShowAsTheyCome() throws {
        let command =
            "(echo first/path/to/file.txt; sleep 2; echo second/path/to/file.txt; sleep 2) | "
            + "'\(BinaryRunner.binary.path)' -i"
        let terminal = try PseudoTerminal(["-c", command], executable: "/bin/bash")
        #expect(terminal.waitFor(timeout: 1.5) { $0.text.contains { $0.contains("first/path/to/file.txt") } })
        #expect(Self.statusLine(terminal.screen()).contains("reading…"))
        #expect(terminal.waitFor(timeout: 3) { $0.text.contains { $0.contains("second/path/to/file.txt") } })
        #expect(Self.statusLine(terminal.screen()).contains("reading…"))
        terminal.type("\u{1B}")
        _ = terminal.finish()
    }

    /// A million lines of text piped whole (34 MB): drawn at once, the count
    /// growing while they come, all of them searched within 64 MB of memory
    /// (held as records, they took 259 MiB); Enter prints the line chosen,
    /// the line a one-shot search ranks first; Esc leaves with 130.
    @Test(arguments: [true, false])
    func aMillionPipedLinesOfTextStayWithinTheMemory(accepts: Bool) throws {
        let text = (0..<1_000_000).map { "\($0) tea pots on shelf \($0 % 100), row \($0 % 7)" }.joined(separator: "\n")
        let started = Date()
        let terminal = try PseudoTerminal(["-i"], stdin: Array(text.utf8))
        #expect(
            terminal.waitFor(timeout: 1) { screen in
                Self.statusLine(screen).contains("reading…") || Self.statusLine(screen).contains("of 1,000,000")
            })
        #expect(Date().timeIntervalSince(started) < 1.5)
        #expect(terminal.waitFor(timeout: 120) { Self.statusLine($0).hasPrefix("  1,000,000 of 1,000,000") })
        let peak = try Self.peakMemoryKiB(of: terminal.pid)
        #expect(peak <= 64 * 1024, "peak memory \(peak) KiB")
        terminal.type("999999 tea")
        #expect(
            terminal.waitFor(timeout: 60) { screen in
                screen.text.contains { $0.hasPrefix("> 999999 tea pots on shelf 99, row 0") }
            })
        terminal.type(accepts ? "\r" : "\u{1B}")
        #expect(terminal.finish(timeout: 60) == (accepts ? 0 : 130))
        let oneShot = try BinaryRunner.run(["999999 tea", "-n", "1"], stdin: text)
        #expect(oneShot.stdout == "999999 tea pots on shelf 99, row 0\n")
        #expect(terminal.stdout == (accepts ? oneShot.stdout : ""))
        #expect(PseudoTerminal.same(terminal.modes, terminal.modesBefore))
    }

    /// The processor time the threads of `pid` have had so far, in seconds
    /// (each thread's `schedstat`, to the nanosecond).
    static func cpuSeconds(of pid: pid_t) -> Double {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.reduce(0) { sum, task in
            let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/schedstat", encoding: .utf8)) ?? ""
            return sum + (Double(text.split(separator: " ").first ?? "0") ?? 0) / 1e9
        }
    }

    /// The process's peak resident memory so far (VmHWM), in KiB.
    static func peakMemoryKiB(of pid: pid_t) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") })
        return Int(line.filter(\.isNumber)) ?? .max
    }

    /// A finite pipe: the same rows and counts as the one-shot search of
    /// it, once all of it has come (no "reading…").
    @Test func aPipeIsSearchedAsTheOneShotSearchSearchesIt() throws {
        let lines = (0..<50_000).map { index in
            index % 3 == 0
                ? #"{"kind":"domain","name":"site\#(index).com","status":"taken"}"#
                : #"{"kind":"product","name":"gadget \#(index)","price":\#(index % 100),"rating":4}"#
        }
        let text = lines.joined(separator: "\n") + "\n{not json}\n"
        let terminal = try PseudoTerminal(["-i", "-o", "jsonl", "--fields", "name"], stdin: Array(text.utf8))
        // The malformed line is no record: reported, not counted (as --stats counts it apart).
        #expect(terminal.waitFor { Self.statusLine($0).hasPrefix("  50,000 of 50,000") })
        terminal.type("gadget 4999")
        let oneShot = try BinaryRunner.run(["gadget 4999", "-o", "jsonl", "--fields", "name", "-n", "1"], stdin: text)
        let all = try BinaryRunner.run(["gadget 4999", "-o", "jsonl", "-n", "100000"], stdin: text)
        let count = all.stdout.split(separator: "\n").count
        #expect(count > 1)
        #expect(terminal.waitFor { Self.statusLine($0).hasPrefix("  \(count) of 50,000 · product \(count)") })
        terminal.type("\r")
        #expect(terminal.finish() == 0)
        #expect(terminal.stdout == oneShot.stdout)
        // The malformed line is reported once, as the one-shot search reports it.
        let warnings = oneShot.stderr.split(separator: "\n").filter {
            $0.contains("malformed") || $0.contains("skipped")
        }
        #expect(warnings.first?.hasPrefix("warning: <stdin>:50001:") == true, "\(oneShot.stderr)")
        #expect(terminal.stderr == warnings.joined(separator: "\n") + "\n", "\(terminal.stderr)")
    }

    /// Enter right after the query is typed, over 300,000 records: the row
    /// of that query, not of the query before.
    @Test(arguments: [false, true])
    func enterRightAfterTypingPrintsTheRowOfTheQueryAsTyped(piped: Bool) throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("picker-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: file) }
        let text =
            (0..<300_000).map { #"{"kind":"domain","name":"item\#($0).com","status":"taken"}"# }
            .joined(separator: "\n") + "\n"
        try Data(text.utf8).write(to: file)
        let terminal =
            piped
            ? try PseudoTerminal(["-i"], stdin: Array(text.utf8)) : try PseudoTerminal(["-i", "--data", file.path])
        #expect(terminal.waitFor(timeout: 60) { Self.statusLine($0).hasPrefix("  300,000 of 300,000") })
        terminal.type("item299999\r")
        #expect(terminal.finish(timeout: 60) == 0)
        #expect(terminal.stdout == "item299999.com\n")
        #expect(PseudoTerminal.same(terminal.modes, terminal.modesBefore))
    }

    /// A query pasted whole costs time in proportion to its length: 100 KB
    /// takes at most about four times the processor time 25 KB takes (six
    /// allowed), and the query line shows its end, the cursor after it.
    @Test func aLongPastedQueryCostsTimeInProportionToItsLength() throws {
        func time(_ bytes: Int) throws -> Double {
            let words = (0..<bytes / 8).map { "w\(String($0 * 7919 % 1_000_000, radix: 36))" }
            let query = String(words.joined(separator: " ").prefix(bytes))
            let terminal = try PseudoTerminal(["-i"])
            #expect(terminal.waitFor { Self.statusLine($0).contains("2,653 of 2,653") })
            // The processor time the picker spends, which other processes
            // on the cores do not lengthen as they lengthen the clock's.
            let started = Self.cpuSeconds(of: terminal.pid)
            terminal.type("\u{1B}[200~" + query + "\u{1B}[201~")
            let tail = String(query.suffix(20))
            let shown = terminal.waitFor(timeout: 120) { screen in
                Self.queryLine(screen).hasSuffix(tail) && Self.statusLine(screen).hasPrefix("  0 of 2,653")
            }
            let elapsed = Self.cpuSeconds(of: terminal.pid) - started
            #expect(shown, "\(Self.statusLine(terminal.screen()))")
            let screen = terminal.screen()
            #expect(Self.queryLine(screen).hasPrefix("> …"))
            #expect(screen.cursor == (screen.lines - 1, Self.queryLine(screen).count))
            terminal.type("\u{1B}")
            #expect(terminal.finish() == 130)
            return elapsed
        }
        let small = try time(25_000)
        let large = try time(100_000)
        #expect(large < small * 6 + 0.2, "25 KB in \(small) s, 100 KB in \(large) s")
    }

    // MARK: The screen

    /// A phrase being typed shows its rows, not an error, and Enter prints them.
    @Test func anUnterminatedPhraseReadsAsClosed() throws {
        let terminal = try PseudoTerminal(["-i"])
        #expect(terminal.waitFor { Self.statusLine($0).contains("2,653 of 2,653") })
        terminal.type("\"queen of")
        #expect(terminal.waitFor { Self.statusLine($0).hasPrefix("  4 of 2,653 · card 4") })
        let drawn = String(decoding: terminal.screenBytes, as: UTF8.self)
        #expect(!drawn.contains("unterminated"))
        terminal.type("\r")
        #expect(terminal.finish() == 0)
        #expect(terminal.stdout == "Queen of Clubs\n")
    }

    /// A query that cannot run says why on one line, shows no rows (those
    /// of the query before are not its rows), and Enter does not print them.
    @Test func anErrorShowsOnOneLineAndEnterPrintsNothingStale() throws {
        let terminal = try PseudoTerminal(["-i", "queen"])
        #expect(terminal.waitFor { Self.statusLine($0).hasPrefix("  17 of 2,653") })
        terminal.type(" nosuch:x")
        #expect(terminal.waitFor { Self.statusLine($0).hasPrefix("  unknown field 'nosuch'") })
        let screen = terminal.screen()
        #expect(!Self.statusLine(screen).contains("^J"))
        #expect(!screen.text.contains { $0.contains("Queen of") }, "the rows of the query before still show")
        terminal.type("\r")
        usleep(300_000)
        terminal.type("\u{1B}")
        #expect(terminal.finish() == 130)
        #expect(terminal.stdout == "")
    }

    /// More matches than rows kept: every kind is counted, not only those
    /// of the kept rows.
    @Test func theStatusCountsEveryKindOfEveryMatch() throws {
        let one = try BinaryRunner.run(["e", "-o", "jsonl", "-n", "100000"])
        var kinds: [String: Int] = [:]
        for line in one.stdout.split(separator: "\n") {
            let kind = line.components(separatedBy: #""kind":""#)[1].prefix { $0 != "\"" }
            kinds[String(kind), default: 0] += 1
        }
        #expect(kinds.values.reduce(0, +) > 1000, "the picker keeps 1,000 rows: the query must match more")
        let terminal = try PseudoTerminal(["-i", "e"], columns: 120)
        #expect(terminal.waitFor(columns: 120) { Self.statusLine($0).contains(" of 2,653") })
        let status = Self.statusLine(terminal.screen(columns: 120))
        for (kind, count) in kinds {
            let digits = Array(String(count))
            let grouped = String(
                digits.enumerated().flatMap { index, digit in
                    index > 0 && (digits.count - index) % 3 == 0 ? [",", digit] : [digit]
                })
            #expect(status.contains("\(kind) \(grouped)"), "\(status) lacks \(kind) \(grouped)")
        }
        #expect(!status.contains("best"))
        terminal.type("\u{1B}")
        #expect(terminal.finish() == 130)
    }

    /// The selected row is highlighted: a background and bold with colour,
    /// reverse video and bold without.
    @Test(arguments: [("always", "\u{1B}[1;48;5;236m"), ("never", "\u{1B}[1;7m")])
    func theSelectedRowIsHighlighted(color: String, highlight: String) throws {
        let terminal = try PseudoTerminal(["-i", "--color", color, "queen"])
        #expect(terminal.waitFor { Self.statusLine($0).hasPrefix("  17 of 2,653") })
        terminal.type("\u{1B}[B")
        #expect(terminal.waitFor { $0.text.contains { $0.hasPrefix("> card") && $0.contains("Queen of Spades") } })
        let drawn = String(decoding: terminal.screenBytes, as: UTF8.self)
        let frames = drawn.components(separatedBy: "\u{1B}[?2026h")
        let last = try #require(frames.last)
        // In the last frame, the highlight begins the selected row's line, once.
        #expect(last.components(separatedBy: highlight).count >= 2)
        // The name's match is drawn apart with colour: its end is enough.
        let line = try #require(last.components(separatedBy: "\r\n").first { $0.contains("of Spades") })
        #expect(line.hasPrefix(highlight), "\(line.debugDescription)")
        #expect(!last.components(separatedBy: "\r\n").contains { $0.contains("of Clubs") && $0.hasPrefix(highlight) })
        terminal.type("\u{1B}")
        #expect(terminal.finish() == 130)
    }

    /// The columns stay where they are while the selection pages down (they
    /// moved with the rows in view), and the scroll bar follows.
    @Test func columnsStayPutAndTheScrollBarMovesWhileScrolling() throws {
        let terminal = try PseudoTerminal(["-i", "--color", "never"])
        #expect(terminal.waitFor { Self.statusLine($0).contains("2,653 of 2,653") })
        func layout() -> (details: Int?, thumb: [Int]) {
            let text = terminal.screen().text
            let header = text.first { $0.contains("NAME") }
            let details = header.flatMap { $0.range(of: "DETAILS").map { $0.lowerBound.utf16Offset(in: header!) } }
            let thumb = text.indices.filter { text[$0].hasSuffix("┃") }
            return (details, thumb)
        }
        let first = layout()
        #expect(first.details != nil)
        #expect(!first.thumb.isEmpty && first.thumb.first! <= 6, "\(first.thumb)")
        var previous = first.thumb
        for _ in 0..<12 {
            let before = terminal.screenBytes.count
            terminal.type("\u{1B}[6~")
            #expect(terminal.waitFor { _ in terminal.screenBytes.count > before })
            usleep(50_000)
            let now = layout()
            #expect(now.details == first.details, "DETAILS moved from \(first.details ?? -1) to \(now.details ?? -1)")
            #expect(now.thumb.first ?? 0 >= previous.first ?? 0)
            previous = now.thumb
        }
        #expect(previous.first! > first.thumb.first!, "the scroll bar did not move")
        terminal.type("\u{1B}")
        #expect(terminal.finish() == 130)
    }

    /// With the preview, the rows sit on the status line as without it.
    @Test func withThePreviewTheRowsSitAboveThePrompt() throws {
        let terminal = try PseudoTerminal(["-i", "--preview", "--color", "never", "\"queen of\""], columns: 100)
        #expect(terminal.waitFor(columns: 100) { Self.statusLine($0).hasPrefix("  4 of 2,653") })
        let text = terminal.screen(columns: 100).text
        let lastRow = text[text.count - 3]
        #expect(lastRow.contains("Queen of Diamonds"), "\(text.joined(separator: "\n"))")
        terminal.type("\u{1B}")
        #expect(terminal.finish() == 130)
    }
}
