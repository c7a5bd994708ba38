import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `search -i` driven through a real pseudo-terminal: keys typed, screens
/// read, standard output and the exit status checked, and the terminal's
/// modes compared before and after.
@Suite(.serialized) struct InteractiveTests {
    /// The query line, at the bottom of the default layout.
    static func queryLine(_ screen: VirtualScreen) -> String { screen.text[screen.lines - 1] }
    static func statusLine(_ screen: VirtualScreen) -> String { screen.text[screen.lines - 2] }

    @Test func typeMoveMarkAndAcceptPrintsTheChosenNames() throws {
        let terminal = try PseudoTerminal(["-i"])
        #expect(terminal.waitFor { Self.statusLine($0).contains("2,653 of 2,653") })
        terminal.type("queen")
        #expect(terminal.waitFor { Self.statusLine($0).hasPrefix("  17 of 2,653 · domain 12 · card 4 · product 1") })
        #expect(Self.queryLine(terminal.screen()) == "> queen")
        // Down, Tab (marks the second row and moves on), Down, Tab, Enter.
        terminal.type("\u{1B}[B\t\u{0E}\t")
        #expect(terminal.waitFor { $0.text.filter { $0.hasPrefix(" *") }.count == 2 })
        terminal.type("\r")
        #expect(terminal.finish() == 0)
        #expect(terminal.stdout == "Queen of Spades\nQueen of Diamonds\n")
        #expect(PseudoTerminal.same(terminal.modes, terminal.modesBefore), "the terminal's modes were not restored")
        let drawn = String(decoding: terminal.screenBytes, as: UTF8.self)
        #expect(drawn.hasSuffix("\u{1B}[?25h\u{1B}[?1049l"), "the main screen and the cursor are back")
    }

    @Test(arguments: ["\u{1B}", "\u{03}"])
    func escapeAndControlCLeaveWith130AndPrintNothing(key: String) throws {
        let terminal = try PseudoTerminal(["-i", "king"])
        #expect(terminal.waitFor { Self.statusLine($0).contains(" of 2,653") })
        terminal.type(key)
        #expect(terminal.finish() == 130)
        #expect(terminal.stdout == "")
        #expect(PseudoTerminal.same(terminal.modes, terminal.modesBefore))
    }

    @Test func pipedDataIsSearchedAndTheChoiceIsPrintedInTheFormatAsked() throws {
        let data = #"""
            {"kind":"note","name":"alpha one","body":"x"}
            {"kind":"note","name":"beta two","body":"y"}
            {"kind":"note","name":"gamma three","body":"z"}

            """#
        let terminal = try PseudoTerminal(["-i", "-o", "jsonl", "--fields", "name,body"], stdin: Array(data.utf8))
        #expect(terminal.waitFor { Self.statusLine($0).contains("3 of 3") })
        terminal.type("two")
        #expect(terminal.waitFor { Self.statusLine($0).contains("1 of 3") })
        terminal.type("\r")
        #expect(terminal.finish() == 0)
        // What the one-shot command prints for the same record.
        let oneShot = try BinaryRunner.run(["two", "-o", "jsonl", "--fields", "name,body"], stdin: data)
        #expect(oneShot.status == 0)
        #expect(terminal.stdout == oneShot.stdout)
        #expect(terminal.stdout.contains(#""name":"beta two""#))
    }

    @Test func enterWithNoRowsExitsOne() throws {
        let terminal = try PseudoTerminal(["-i", "zzzzqqqxxjj"])
        #expect(terminal.waitFor { Self.statusLine($0).contains("0 of 2,653") })
        terminal.type("\r")
        #expect(terminal.finish() == 1)
        #expect(terminal.stdout == "")
    }

    @Test func aResizeRedrawsTheScreenToFit() throws {
        let terminal = try PseudoTerminal(["-i", "queen"])
        #expect(terminal.waitFor { Self.statusLine($0).contains("17 of 2,653") })
        terminal.resize(columns: 40, lines: 12)
        let fits = terminal.waitFor(columns: 40, lines: 12) { screen in
            Self.queryLine(screen) == "> queen" && Self.statusLine(screen).hasPrefix("  17 of 2,653")
                && screen.text.contains { $0.hasPrefix("> card") }
        }
        #expect(fits, "\(terminal.screen(columns: 40, lines: 12).text.joined(separator: "\n"))")
        terminal.type("\u{1B}")
        #expect(terminal.finish() == 130)
    }

    @Test func hostileDataStaysSanitisedOnScreen() throws {
        let data = #"{"kind":"note","name":"evil\u001b]0;owned\u0007\u001b[2Jname\u009b31m"}"# + "\n"
        let terminal = try PseudoTerminal(["-i"], stdin: Array(data.utf8))
        #expect(terminal.waitFor { $0.text.contains { $0.contains("evil^[]0;owned^G^[[2Jname\\u{9B}31m") } })
        let drawn = String(decoding: terminal.screenBytes, as: UTF8.self)
        #expect(!drawn.contains("\u{1B}]"), "an OSC sequence reached the terminal")
        #expect(!drawn.contains("\u{07}") && !drawn.contains("\u{9B}"))
        terminal.type("\u{1B}")
        #expect(terminal.finish() == 130)
    }

    @Test func sigintFromOutsideLeavesWith130AndRestoresTheTerminal() throws {
        let terminal = try PseudoTerminal(["-i"])
        #expect(terminal.waitFor { Self.statusLine($0).contains(" of 2,653") })
        kill(terminal.pid, SIGINT)
        #expect(terminal.finish() == 130)
        #expect(terminal.stdout == "")
        #expect(PseudoTerminal.same(terminal.modes, terminal.modesBefore))
    }

    @Test func sigtermRestoresTheTerminalAndEndsBySigterm() throws {
        let terminal = try PseudoTerminal(["-i"])
        #expect(terminal.waitFor { Self.statusLine($0).contains(" of 2,653") })
        #expect(!PseudoTerminal.same(terminal.modes, terminal.modesBefore), "raw mode was never entered")
        kill(terminal.pid, SIGTERM)
        #expect(terminal.finish() == 128 + SIGTERM)
        #expect(PseudoTerminal.same(terminal.modes, terminal.modesBefore))
    }

    /// Ctrl-Z in a shell with job control: the picker stops with the
    /// terminal given back, and `fg` brings it back in raw mode. (A job stop
    /// needs a shell: the kernel ignores SIGTSTP in an orphaned process group.)
    /// In a pipeline the whole job stops, as a terminal's Ctrl-Z stops it,
    /// so that the shell has its prompt back: the picker alone stopped left
    /// the shell waiting on `cat`, and the terminal with no prompt.
    @Test(arguments: ["", " | cat"])
    func controlZStopsTheJobWithTheTerminalGivenBackAndFgResumesIt(pipeline: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("picker-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.path
        let shell = try PseudoTerminal(
            ["--norc", "--noprofile", "-i"], environment: ["PS1": "$ "], executable: "/bin/bash")
        shell.type(
            "set -o pipefail; stty -g > \(path)/before; \(BinaryRunner.binary.path) -i\(pipeline) > \(path)/out\r")
        #expect(shell.waitFor { $0.text.contains { $0.contains("2,653 of 2,653") } })
        shell.type("\u{1A}")
        #expect(shell.waitFor { $0.text.contains { $0.contains("Stopped") } })
        shell.type("stty -g > \(path)/stopped; fg\r")
        #expect(shell.waitFor { $0.text.last == ">" && $0.text.contains { $0.contains("2,653 of 2,653") } })
        shell.type("queen")
        #expect(shell.waitFor { $0.text.contains { $0.contains("17 of 2,653") } })
        shell.type("\u{1B}")
        usleep(300_000)
        shell.type("echo status=$? > \(path)/status; stty -g > \(path)/after; exit\r")
        _ = shell.finish()
        let read = { (name: String) in (try? String(contentsOfFile: "\(path)/\(name)", encoding: .utf8)) ?? "" }
        #expect(read("status") == "status=130\n")
        #expect(!read("before").isEmpty)
        #expect(read("stopped") == read("before"), "the stopped picker left the terminal in raw mode")
        #expect(read("after") == read("before"))
        #expect(read("out") == "")
    }

    @Test func aCrashRestoresTheTerminalBeforeDying() throws {
        let terminal = try PseudoTerminal(["-i"])
        #expect(terminal.waitFor { Self.statusLine($0).contains(" of 2,653") })
        kill(terminal.pid, SIGSEGV)
        #expect(terminal.finish() == 128 + SIGSEGV)
        #expect(PseudoTerminal.same(terminal.modes, terminal.modesBefore))
        let drawn = String(decoding: terminal.screenBytes, as: UTF8.self)
        #expect(drawn.hasSuffix("\u{1B}[?25h\u{1B}[?1049l"))
    }

    @Test func withoutATerminalItIsAnErrorWithStatus2() throws {
        let terminal = try PseudoTerminal(["-i"], controllingTerminal: false)
        #expect(terminal.finish() == 2)
        #expect(terminal.stderr.hasPrefix("error: the interactive mode needs a terminal: cannot open /dev/tty"))
        #expect(terminal.stdout == "")
    }

    @Test func withNothingReadableThePickerDoesNotShowAndExitsTwo() throws {
        let terminal = try PseudoTerminal(["-i", "--data", "/nonexistent/data.jsonl"])
        #expect(terminal.finish() == 2)
        #expect(terminal.stderr.hasPrefix("error: cannot read /nonexistent/data.jsonl"))
        #expect(terminal.screenBytes.isEmpty, "the picker was drawn")
    }

    /// A product's row takes two lines at most, one when its cells fit
    /// (`ktx`, on a terminal of 100 columns): the marker is still on the
    /// row that Enter prints, above and below it.
    @Test func theMarkedRowIsTheOneEnterPrintsWhereARowTakesFewerLinesThanItMay() throws {
        for (downs, name) in [(2, "jelastic.team"), (4, "ufoai")] {
            let terminal = try PseudoTerminal(["-i", "--color", "never", "tea"], columns: 100)
            #expect(terminal.waitFor(columns: 100) { Self.statusLine($0).contains("13 of 2,653") })
            // `ktx`'s row on one line.
            #expect(
                terminal.waitFor(columns: 100) { screen in
                    screen.text.contains { $0.hasPrefix("  product  ktx ") && $0.hasSuffix("eXtreme\"") }
                })
            terminal.type(String(repeating: "\u{1B}[B", count: downs))
            #expect(
                terminal.waitFor(columns: 100) { screen in
                    screen.text.dropLast().contains { $0.hasPrefix("> ") && $0.contains(" \(name) ") }
                }, "the marker is not on \(name)")
            terminal.type("\r")
            #expect(terminal.finish() == 0)
            #expect(terminal.stdout == name + "\n")
        }
    }

    @Test func theScreenAt80x24MatchesItsGoldenFile() throws {
        let terminal = try PseudoTerminal(["-i", "--color", "never", "queen"])
        #expect(terminal.waitFor { Self.statusLine($0).contains("17 of 2,653") })
        terminal.type("\u{1B}[B")
        #expect(terminal.waitFor { $0.text.contains { $0.hasPrefix("> card     Queen of Spades") } })
        // The time a search took changes from run to run.
        let screen = terminal.screen().text.joined(separator: "\n")
            .replacingOccurrences(of: #"(?m)[0-9.]+ m?s$"#, with: "<time>", options: .regularExpression)
        assertSnapshot(screen + "\n", named: "queen-80x24")
        terminal.type("\u{1B}")
        #expect(terminal.finish() == 130)
    }
}
