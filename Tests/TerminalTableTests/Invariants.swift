import TerminalTable
import Testing

/// Checks that hold for every rendered table.
enum Invariants {
    /// Every line fits `maxWidth`; in framed styles every line has the same
    /// width and the vertical rules fall at the same columns.
    static func check(
        _ text: String, maxWidth: Int, border: BorderStyle, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(!lines.isEmpty, sourceLocation: sourceLocation)
        for line in lines {
            #expect(DisplayWidth.of(line) <= maxWidth, "too wide: \(line)", sourceLocation: sourceLocation)
        }
        guard border != .plain else {
            for line in lines {
                #expect(line.last != " ", "trailing space: \(line)", sourceLocation: sourceLocation)
            }
            return
        }
        let vertical: Set<Character> =
            border == .ascii ? ["|", "+"] : ["│", "╭", "┬", "╮", "├", "┼", "┤", "╰", "┴", "╯"]
        // The frames of consecutive tables (sections) are checked table by table.
        for table in lines.split(whereSeparator: {
            !$0.hasPrefix(border == .ascii ? "+" : "╭") && !$0.hasPrefix("|") && !$0.hasPrefix("│")
                && !$0.hasPrefix("├") && !$0.hasPrefix("╰")
        }) {
            let widths = Set(table.map { DisplayWidth.of($0) })
            #expect(widths.count == 1, "lines of different widths: \(widths)", sourceLocation: sourceLocation)
            let ruleColumns = Set(table.map { borderColumns($0, vertical) })
            #expect(ruleColumns.count == 1, "borders move: \(ruleColumns)", sourceLocation: sourceLocation)
        }
    }

    /// The display columns at which a line has a vertical rule or a joint.
    static func borderColumns(_ line: Substring, _ glyphs: Set<Character>) -> [Int] {
        var columns: [Int] = []
        var column = 0
        var previous: Character = " "
        for character in line {
            // A rule glyph is a border when it follows a space or another rule (not data like "a|b").
            if glyphs.contains(character) && (column == 0 || previous == " " || previous == "-" || previous == "─") {
                columns.append(column)
            }
            column += DisplayWidth.of(String(character))
            previous = character
        }
        return columns
    }
}
