import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Every key of `search -i`'s key table, typed into the real binary on a
/// pseudo-terminal: what it prints, its exit status, and the terminal given
/// back. The keys are those `search --help` lists (the key table's), each
/// as terminals send it; a test fails when the help lists a key no test here
/// types.
@Suite(.serialized) struct PickerKeyTests {
    /// What a terminal sends for each key (xterm's spelling).
    static let bytes: [String: String] = [
        "enter": "\r", "esc": "\u{1B}", "tab": "\t", "btab": "\u{1B}[Z", "bspace": "\u{7F}", "del": "\u{1B}[3~",
        "up": "\u{1B}[A", "down": "\u{1B}[B", "left": "\u{1B}[D", "right": "\u{1B}[C", "home": "\u{1B}[H",
        "end": "\u{1B}[F", "pgup": "\u{1B}[5~", "pgdn": "\u{1B}[6~", "shift-up": "\u{1B}[1;2A",
        "shift-down": "\u{1B}[1;2B", "shift-left": "\u{1B}[1;2D", "shift-right": "\u{1B}[1;2C", "ctrl-a": "\u{01}",
        "ctrl-b": "\u{02}", "ctrl-c": "\u{03}", "ctrl-d": "\u{04}", "ctrl-e": "\u{05}", "ctrl-f": "\u{06}",
        "ctrl-g": "\u{07}", "ctrl-h": "\u{08}", "ctrl-j": "\n", "ctrl-k": "\u{0B}", "ctrl-l": "\u{0C}",
        "ctrl-n": "\u{0E}", "ctrl-p": "\u{10}", "ctrl-q": "\u{11}", "ctrl-u": "\u{15}", "ctrl-w": "\u{17}",
        "ctrl-y": "\u{19}", "ctrl-z": "\u{1A}", "alt-b": "\u{1B}b", "alt-d": "\u{1B}d", "alt-f": "\u{1B}f",
        "alt-bs": "\u{1B}\u{7F}",
    ]

    /// The wheel over the screen's line `line` (from 1).
    static func wheel(up: Bool, line: Int, column: Int = 10) -> String {
        "\u{1B}[<\(up ? 64 : 65);\(column);\(line)M"
    }

    /// A left click on line `line`: press and release.
    static func click(line: Int, column: Int = 10) -> String {
        "\u{1B}[<0;\(column);\(line)M\u{1B}[<0;\(column);\(line)m"
    }

    /// Keys that move the selection, from the rows of `queen` (Queen of
    /// Clubs, Spades, Hearts, Diamonds, …, 3queens.io seventeenth): the
    /// keys typed (by name, or as bytes) and the row Enter then prints.
    static let moves: [(keys: [String], prints: String)] = [
        (["down"], "Queen of Spades"), (["ctrl-j"], "Queen of Spades"), (["ctrl-n"], "Queen of Spades"),
        (["scroll-down"], "Queen of Spades"),
        (["down", "down", "up"], "Queen of Spades"), (["down", "down", "ctrl-k"], "Queen of Spades"),
        (["down", "down", "ctrl-p"], "Queen of Spades"), (["down", "down", "scroll-up"], "Queen of Spades"),
        // A page is the screen's lines but three: past the last row, the last.
        (["pgdn"], "3queens.io"), (["pgdn", "pgup"], "Queen of Clubs"),
        (["enter"], "Queen of Clubs"),
        // Tab marks and moves down, Shift-Tab marks and moves up; the marks
        // print in the order they were made.
        (["tab", "tab"], "Queen of Clubs\nQueen of Spades"),
        (["down", "down", "btab", "btab"], "Queen of Hearts\nQueen of Spades"),
        (["down", "tab", "up", "up", "btab"], "Queen of Spades\nQueen of Clubs"),
        // Shift-Tab on a marked row unmarks it.
        (["down", "tab", "up", "btab", "down", "down"], "Queen of Hearts"),
    ]

    /// The bytes of `key`: a name of ``bytes``, or a wheel event over the rows.
    static func send(_ key: String) -> String {
        switch key {
        case "scroll-down": wheel(up: false, line: 10)
        case "scroll-up": wheel(up: true, line: 10)
        default: bytes[key] ?? key
        }
    }

    static func statusLine(_ screen: VirtualScreen) -> String { screen.text[screen.lines - 2] }
    static func queryLine(_ screen: VirtualScreen) -> String { screen.text[screen.lines - 1] }

    /// Runs the picker on `queen`, types each key, then Enter (unless the
    /// last key ends it), and checks what it printed and that the terminal
    /// is back as it was.
    @Test(arguments: moves)
    func keysThatMoveAndMarkChooseTheRowEnterPrints(keys: [String], prints: String) throws {
        let terminal = try PseudoTerminal(["-i", "queen"])
        #expect(terminal.waitFor { Self.statusLine($0).hasPrefix("  17 of 2,653") })
        for key in keys {
            let before = terminal.screenBytes.count
            terminal.type(Self.send(key))
            // Each key drawn before the next is typed.
            if key != "enter" { #expect(terminal.waitFor { _ in terminal.screenBytes.count > before }) }
        }
        if keys.last != "enter" { terminal.type("\r") }
        #expect(terminal.finish() == 0)
        #expect(terminal.stdout == prints + "\n", "\(keys)")
        #expect(PseudoTerminal.same(terminal.modes, terminal.modesBefore))
    }

    @Test(arguments: ["esc", "ctrl-c", "ctrl-g", "ctrl-q"])
    func keysThatAbortLeaveWith130AndPrintNothing(key: String) throws {
        let terminal = try PseudoTerminal(["-i", "queen"])
        #expect(terminal.waitFor { Self.statusLine($0).hasPrefix("  17 of 2,653") })
        terminal.type(Self.bytes[key]!)
        #expect(terminal.finish() == 130)
        #expect(terminal.stdout == "")
        #expect(PseudoTerminal.same(terminal.modes, terminal.modesBefore))
        let drawn = String(decoding: terminal.screenBytes, as: UTF8.self)
        #expect(drawn.hasSuffix("\u{1B}[?25h\u{1B}[?1049l"), "the main screen and the cursor are back")
        #expect(drawn.contains("\u{1B}[?1000l") && drawn.contains("\u{1B}[?2004l"), "the mouse and paste modes are off")
    }

    /// Editing keys: the query typed, the keys, the query line after them
    /// and the cell the terminal's cursor is on (the prompt `> ` takes two).
    static let edits: [(typed: String, keys: [String], line: String, cursor: Int)] = [
        ("kind:crd", ["left", "left", "a"], "> kind:card", 9),
        ("kind:crd", ["ctrl-b", "ctrl-b", "a"], "> kind:card", 9),
        ("queen", ["home", "right", "x"], "> qxueen", 4),
        ("queen", ["ctrl-a", "ctrl-f", "x"], "> qxueen", 4),
        ("queen of hearts", ["alt-b", "x"], "> queen of xhearts", 12),
        ("queen of hearts", ["shift-left", "shift-left", "x"], "> queen xof hearts", 9),
        ("queen of hearts", ["home", "alt-f", "x"], "> queenx of hearts", 8),
        ("queen of hearts", ["home", "shift-right", "shift-right", "x"], "> queen ofx hearts", 11),
        ("ueen", ["home", "q"], "> queen", 3),
        ("ueen", ["ctrl-a", "q"], "> queen", 3),
        ("quee", ["home", "end", "n"], "> queen", 7),
        ("quee", ["ctrl-a", "ctrl-e", "n"], "> queen", 7),
        ("queens", ["bspace"], "> queen", 7),
        ("queens", ["ctrl-h"], "> queen", 7),
        ("xqueen", ["home", "del"], "> queen", 2),
        ("xqueen", ["home", "ctrl-d"], "> queen", 2),
        ("queen of hearts", ["left", "left", "left", "ctrl-u"], "> rts", 2),
        ("queen of hearts", ["ctrl-w"], "> queen of", 11),
        ("kind:card queen", ["alt-bs"], "> kind:card", 12),
        ("kind:card queen", ["alt-bs", "alt-bs"], "> kind:", 7),
        ("kind:card queen", ["home", "alt-d"], "> :card queen", 2),
        ("queen of hearts", ["ctrl-w", "home", "ctrl-y"], "> heartsqueen of", 8),
        ("queen", ["ctrl-l"], "> queen", 7),
    ]

    @Test(arguments: edits)
    func editingKeysChangeTheQueryWhereItsCursorIs(typed: String, keys: [String], line: String, cursor: Int) throws {
        let terminal = try PseudoTerminal(["-i", "--query", typed])
        let clears = {
            String(decoding: terminal.screenBytes, as: UTF8.self).components(separatedBy: "\u{1B}[2J").count
        }
        // Counts, or why the query cannot run (`kind:crd` names no kind).
        #expect(terminal.waitFor { !Self.statusLine($0).isEmpty && Self.statusLine($0) != "  searching…" })
        let clearedBefore = clears()
        terminal.type(keys.map { Self.bytes[$0] ?? $0 }.joined())
        let edited = terminal.waitFor { screen in
            Self.queryLine(screen) == line && screen.cursor == (screen.lines - 1, cursor)
        }
        let screen = terminal.screen()
        #expect(edited, "\(keys): \(Self.queryLine(screen)) with the cursor at \(screen.cursor)")
        // The query as edited is the one searched: its results show.
        let query = String(line.dropFirst(2))
        let oneShot = try BinaryRunner.run([query, "-o", "jsonl"])
        let count = oneShot.stdout.split(separator: "\n").count
        if count > 0, count < 20 {
            #expect(terminal.waitFor { Self.statusLine($0).hasPrefix("  \(count) of 2,653") }, "\(query)")
        }
        // The query line is as it was before Ctrl-L: wait for the clear itself.
        if keys.contains("ctrl-l") {
            #expect(terminal.waitFor { _ in clears() > clearedBefore }, "Ctrl-L did not clear the screen")
        }
        terminal.type("\u{1B}")
        #expect(terminal.finish() == 130)
        #expect(PseudoTerminal.same(terminal.modes, terminal.modesBefore))
    }

    /// Ctrl-D deletes under the cursor, and leaves as Esc does when there
    /// is nothing to delete.
    @Test func controlDOnAnEmptyQueryLeaves() throws {
        let terminal = try PseudoTerminal(["-i"])
        #expect(terminal.waitFor { Self.statusLine($0).contains("2,653 of 2,653") })
        terminal.type("\u{04}")
        #expect(terminal.finish() == 130)
        #expect(terminal.stdout == "")
    }

    /// A click selects the row under it; two clicks on a row accept it.
    @Test func aClickSelectsARowAndADoubleClickAcceptsIt() throws {
        let terminal = try PseudoTerminal(["-i", "queen"])
        #expect(terminal.waitFor { Self.statusLine($0).hasPrefix("  17 of 2,653") })
        let hearts = try #require(terminal.screen().text.firstIndex { $0.contains("Queen of Hearts") })
        terminal.type(Self.click(line: hearts + 1))
        #expect(terminal.waitFor { $0.text[hearts].hasPrefix("> ") })
        let diamonds = try #require(terminal.screen().text.firstIndex { $0.contains("Queen of Diamonds") })
        terminal.type(Self.click(line: diamonds + 1) + Self.click(line: diamonds + 1))
        #expect(terminal.finish() == 0)
        #expect(terminal.stdout == "Queen of Diamonds\n")
        #expect(PseudoTerminal.same(terminal.modes, terminal.modesBefore))
        // A click on the status line or the header selects nothing.
        let again = try PseudoTerminal(["-i", "queen"])
        #expect(again.waitFor { Self.statusLine($0).hasPrefix("  17 of 2,653") })
        again.type(Self.click(line: 23) + Self.click(line: 1) + "\r")
        #expect(again.finish() == 0)
        #expect(again.stdout == "Queen of Clubs\n")
    }

    /// With --no-mouse the terminal keeps the mouse: the picker does not
    /// ask for its reports, and a report that comes anyway does nothing.
    @Test func withNoMouseTheMouseIsNotAskedFor() throws {
        let terminal = try PseudoTerminal(["-i", "--no-mouse", "queen"])
        #expect(terminal.waitFor { Self.statusLine($0).hasPrefix("  17 of 2,653") })
        let drawn = String(decoding: terminal.screenBytes, as: UTF8.self)
        #expect(!drawn.contains("\u{1B}[?1000h"))
        #expect(drawn.contains("\u{1B}[?2004h"), "bracketed paste is still on")
        terminal.type(Self.click(line: 7) + "\r")
        #expect(terminal.finish() == 0)
        #expect(terminal.stdout == "Queen of Clubs\n")
    }

    /// A record longer than the pane: Shift-Down and the wheel over the
    /// pane scroll it (the wheel over the rows moves the selection), and a
    /// long value wraps onto the lines below it.
    @Test func thePreviewWrapsAndScrolls() throws {
        var fields = (1...30).map { #""field\#($0)":"value \#($0)""# }
        fields.insert(#""name":"long one""#, at: 0)
        fields.append(#""about":""# + String(repeating: "lorem ipsum ", count: 12) + #"end""#)
        let data = "{" + fields.joined(separator: ",") + "}\n" + #"{"name":"short one"}"# + "\n"
        let terminal = try PseudoTerminal(["-i", "--preview"], stdin: Array(data.utf8), columns: 100, lines: 20)
        let pane = { (screen: VirtualScreen) in
            screen.text.compactMap { line in line.range(of: "│ ").map { String(line[$0.upperBound...]) } }
        }
        #expect(terminal.waitFor(columns: 100, lines: 20) { pane($0).first?.hasPrefix("{") == true })
        // Where the pane is in the record, at its top right.
        #expect(
            terminal.screen(columns: 100, lines: 20).text.first?.range(of: #" 1/3[0-9]$"#, options: .regularExpression)
                != nil)
        terminal.type(Self.bytes["shift-down"]! + Self.bytes["shift-down"]!)
        #expect(
            terminal.waitFor(columns: 100, lines: 20) { pane($0).first?.hasPrefix(#"  "field1": "value 1","#) == true })
        terminal.type(Self.bytes["shift-up"]!)
        #expect(
            terminal.waitFor(columns: 100, lines: 20) { pane($0).first?.hasPrefix(#"  "name": "long one","#) == true })
        // The wheel over the pane (its right half) scrolls it to the end,
        // where the long value shows wrapped.
        terminal.type(String(repeating: Self.wheel(up: false, line: 5, column: 80), count: 40))
        #expect(
            terminal.waitFor(columns: 100, lines: 20) { screen in
                let lines = pane(screen)
                return lines.contains { $0.contains(#""about": "lorem ipsum"#) }
                    && lines.contains { $0.hasPrefix("    ") && $0.contains("lorem") }
                    && lines.contains { $0.contains(#"end""#) }
            }, "\(terminal.screen(columns: 100, lines: 20).text.joined(separator: "\n"))")
        // Every line fits the screen.
        #expect(terminal.screen(columns: 100, lines: 20).text.allSatisfy { $0.count <= 100 })
        terminal.type("\r")
        #expect(terminal.finish() == 0)
        #expect(terminal.stdout == "long one\n")
    }

    /// The README's `search -i` section names every key the help lists,
    /// and the picker's options.
    @Test func theReadmeNamesEveryKeyAndOption() throws {
        let readme = try String(
            contentsOf: BinaryRunner.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(
            readme.components(separatedBy: "## Interactive search").dropFirst().first?
                .components(separatedBy: "\n## ").first
        ).replacingOccurrences(of: "\n", with: " ")
        let spelled: [String: String] = [
            "btab": "Shift-Tab", "bspace": "Backspace", "del": "Delete", "pgup": "PgUp", "pgdn": "PgDn",
            "alt-bs": "Alt-Backspace", "left-click": "a click", "double-click": "a double click",
            "scroll-up": "the wheel", "scroll-down": "the wheel",
        ]
        for name in try Self.helpKeys() {
            let words = spelled[name] ?? name.split(separator: "-").map(\.capitalized).joined(separator: "-")
            let named = section.contains(words)
            #expect(named, "the README does not name \(name) (\(words))")
        }
        for option in ["--query", "--select-1", "--exit-0", "--height", "--layout", "--preview", "--no-mouse"] {
            let named = section.contains(option)
            #expect(named, "the README does not name \(option)")
        }
    }

    /// The key names `search --help` lists under KEYS.
    static func helpKeys() throws -> Set<String> {
        let help = try BinaryRunner.run(["--help"], environment: ["COLUMNS": "200"]).stdout
        let section = try #require(help.components(separatedBy: "\nKEYS (").dropFirst().first)
        var listed: Set<String> = []
        for line in section.split(separator: "\n", omittingEmptySubsequences: false).dropFirst() {
            if line.isEmpty { break }
            // A wrapped line of the text beside the keys.
            if line.hasPrefix("   ") { continue }
            let names = line.dropFirst(2).components(separatedBy: "  ").first ?? ""
            for name in names.components(separatedBy: ", ") { listed.insert(name) }
        }
        return listed
    }

    /// Every key `search --help` lists is typed by a test here (or, for
    /// Ctrl-Z, by InteractiveTests' job-control test).
    @Test func everyKeyTheHelpListsIsTyped() throws {
        let listed = try Self.helpKeys()
        #expect(listed.count >= 40, "\(listed)")
        var typed = Set(Self.moves.flatMap(\.keys) + Self.edits.flatMap(\.keys))
        typed.formUnion(["esc", "ctrl-c", "ctrl-g", "ctrl-q", "ctrl-d", "left-click", "double-click"])
        typed.formUnion(["shift-up", "shift-down", "ctrl-z"])
        for name in listed.sorted() {
            #expect(typed.contains(name), "\(name) is in the help but no test types it")
        }
    }
}
