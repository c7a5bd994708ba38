import Foundation
import InteractiveSearch
import ResultKit
import ResultOutput
import SearchEngine
import TerminalTable
import TestSupport
import Testing

extension Screen {
    /// The frame's lines, for a query typed with the cursor at its end.
    func lines(_ state: inout PickerState, query: String, status: String) -> [String] {
        frame(&state, query: LineEditor(query), status: status).lines
    }
}

@Suite struct ScreenTests {
    static func screen(width: Int = 40, height: Int = 8, reverse: Bool = false) -> Screen {
        Screen(width: width, height: height, reverse: reverse, table: TableOutput(options: RenderOptions()))
    }

    @Test(arguments: [40, 80, 200])
    func everyLineFitsTheScreen(width: Int) throws {
        let fixture = try PickerFixture(
            names: (0..<30).map { "note number \($0) " + String(repeating: "x", count: $0 * 7) })
        var state = PickerState()
        state.show(fixture.hits(""))
        let lines = Self.screen(width: width, height: 12).lines(&state, query: "a query", status: "30 of 30 · note 30")
        #expect(lines.count == 12)
        for line in lines { #expect(DisplayWidth.of(line) <= width, "\(line)") }
        #expect(lines.last == "> a query")
        #expect(lines[10].hasPrefix("  30 of 30"))
        #expect(lines.contains { $0.hasPrefix("> note") && $0.contains("note number 0") })
    }

    @Test func theQueryLineIsOnTopInTheReverseLayout() throws {
        let fixture = try PickerFixture(names: ["alpha", "beta"])
        var state = PickerState()
        state.show(fixture.hits(""))
        let lines = Self.screen(reverse: true).lines(&state, query: "al", status: "s")

        #expect(lines[0] == "> al")
        #expect(lines[1] == "  s")
        #expect(lines[2].contains("KIND"))
        #expect(lines[3].hasPrefix("> note") && lines[3].contains("alpha"))
        #expect(lines[5] == "")
    }

    @Test func theSelectionScrollsIntoViewAndMarksShow() throws {
        let fixture = try PickerFixture(names: (0..<20).map { "row \($0)" })
        var state = PickerState()
        state.show(fixture.hits(""))
        state.toggleMark()
        state.move(by: 12)
        state.toggleMark()
        let lines = Self.screen(height: 8).lines(&state, query: "", status: "")
        // Header and five rows fit; row 12 is the last of them.
        #expect(state.scroll == 8)
        #expect(lines[5].hasPrefix(">*") && lines[5].contains("row 12"))
        #expect(!lines.contains { $0.contains("row 0 ") || $0.hasSuffix("row 0") })
        #expect(state.chosen.map(\.row.name) == ["row 0", "row 12"])
        state.move(by: -100)
        _ = Self.screen(height: 8).lines(&state, query: "", status: "")
        #expect(state.scroll == 0)
    }

    @Test func dataAndTheQueryReachTheScreenSanitised() throws {
        let fixture = try PickerFixture(names: [#"evil\u001b]0;owned\u0007\u001b[2J\u202Ename"#])
        var state = PickerState()
        state.show(fixture.hits(""))
        let lines = Self.screen(width: 80).lines(&state, query: "q\u{1B}[31m", status: "x\u{7}")
        let screen = lines.joined(separator: "\n")
        #expect(!screen.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(!screen.unicodeScalars.contains { $0.value == 0x202E })
        #expect(screen.contains("evil^[]0;owned^G^[[2J\\u{202E}name"))
        #expect(lines.last == "> q^[[31m")
    }

    /// A row of up to two lines, as a product's with its description.
    struct MemoRow: CellRepresentable {
        var name: String
        var about: String
        var rowHeight: Int { 2 }
        var detailCells: [Cell] { [Cell(about)] }
    }

    static let memoKind = ResultKind(
        name: "memo", plural: "memos", columns: [KindColumn("ABOUT", field: "about", minWidth: 12, maxWidth: 40)],
        searchFields: [.field("name", weight: 100)],
        decode: { (object) throws(RecordDecodingError) -> MemoRow in
            MemoRow(name: try object.requiredString("name"), about: try object.optionalString("about") ?? "")
        },
        present: { $0 })

    /// Rows of two lines at most whose text fits on one line take one: the
    /// marker is beside the selected row's first line, wherever it is, as
    /// the rows above it took one line or two.
    @Test(arguments: [40, 80, 200])
    func theMarkerIsOnTheSelectedRowWhateverTheRowsAboveItTook(width: Int) throws {
        let abouts = ["fits", "a text long enough to take two lines of the table at most widths, and cut", "", "ok"]
        let names = (0..<12).map { "memo\($0)" }
        let fixture = try PickerFixture(
            lines: names.enumerated().map { #"{"name":"\#($1)","about":"\#(abouts[$0 % abouts.count])"}"# },
            kind: Self.memoKind)
        var state = PickerState()
        state.show(fixture.hits(""))
        #expect(state.count == names.count)
        // A tall screen shows every row; a short one scrolls to the selected row.
        for (height, cursor) in [30, 9].flatMap({ height in (0..<names.count).map { (height, $0) } }) {
            state.move(by: cursor - state.cursor)
            let lines = Self.screen(width: width, height: height).lines(&state, query: "", status: "")
            let marked = lines.dropLast().filter { $0.hasPrefix(">") }
            let selected = state.hits[state.cursor].row.name
            // The name whole: followed by a space, or ending the line.
            #expect(
                marked.count == 1
                    && marked.first.map { $0.contains(selected + " ") || $0.hasSuffix(selected) } == true,
                "\(selected) at \(width)×\(height): \(marked)")
        }
    }

    @Test func withNoRowsTheStatusAndQueryStillShow() {
        var state = PickerState()
        let lines = Self.screen(height: 4).lines(&state, query: "zzz", status: "0 of 3")
        #expect(lines == ["", "", "  0 of 3", "> zzz"])
        #expect(state.chosen.isEmpty)
    }
}

@Suite struct PreviewTests {
    @Test func thePaneShowsTheSelectedRecordWholeAndSanitised() throws {
        let fixture = try PickerFixture(lines: [
            #"{"name":"alpha","body":"first","tags":["a","b"],"evil":"x\u001b[2Jy"}"#,
            #"{"name":"beta","body":"second"}"#,
        ])
        var state = PickerState()
        state.show(fixture.hits(""))
        var screen = ScreenTests.screen(width: 80, height: 14)
        screen.preview = true
        let lines = screen.lines(&state, query: "", status: "")
        for line in lines { #expect(DisplayWidth.of(line) <= 80, "\(line)") }
        let text = lines.joined(separator: "\n")
        #expect(text.contains(#"│ {"#))
        #expect(text.contains(#"│   "name": "alpha","#))
        #expect(text.contains(#"│   "tags": ["#))
        #expect(text.contains(#"│     "a","#))
        #expect(text.contains(#"│   "evil": "x\u001b[2Jy""#))
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B })
        state.move(by: 1)
        let next = screen.lines(&state, query: "", status: "").joined(separator: "\n")
        #expect(next.contains(#""name": "beta","#) && !next.contains("alpha\","))
    }

    @Test func thePaneLinesUpBesideAColouredTable() throws {
        let fixture = try PickerFixture(names: ["alpha", "beta", "gamma"])
        var state = PickerState()
        state.show(fixture.hits("a"))
        var screen = Screen(
            width: 100, height: 8, reverse: false, table: TableOutput(options: RenderOptions(color: true)))
        screen.preview = true
        let lines = screen.lines(&state, query: "a", status: "")
        #expect(lines.contains { $0.contains("\u{1B}[") }, "no colour drawn")
        // Colour codes take no cells: the rule stands in one column on every line.
        let columns = Set(
            lines.prefix(6).map { line in
                let plain = line.replacingOccurrences(of: #"\e\[[0-9;]*m"#, with: "", options: .regularExpression)
                return plain.distance(from: plain.startIndex, to: plain.firstIndex(of: "│") ?? plain.endIndex)
            })
        #expect(columns == [56])
    }

    @Test func aNarrowScreenHasNoPane() throws {
        let fixture = try PickerFixture(names: ["alpha"])
        var state = PickerState()
        state.show(fixture.hits(""))
        var screen = ScreenTests.screen(width: 40, height: 6)
        screen.preview = true
        #expect(!screen.lines(&state, query: "", status: "").joined().contains("│"))
    }
}
