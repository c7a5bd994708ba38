import Foundation
import TerminalTable

/// The first cell whose visible text shrinks from one width to the next, or
/// `nil` when more width never shows less.
///
/// `visible(width)` gives, per row, per column, what the cell shows at that
/// width (its fitted lines joined with line feeds, `nil` for a column not
/// drawn). Every character a cell shows at a width must still show, in
/// order, at the next width, spaces, line breaks (which move as lines
/// rewrap) and `…` aside; a column drawn at a width must still be drawn at
/// the next.
/// - Parameters:
///   - widths: The widths to compare, each with the next.
///   - visible: What each cell shows at a width.
/// - Returns: A description of the first shrink found.
public func firstShrinkingCell(over widths: ClosedRange<Int>, visible: (Int) -> [[String?]]) -> String? {
    var previous = visible(widths.lowerBound)
    for width in widths.dropFirst() {
        let current = visible(width)
        guard current.count == previous.count else {
            return "at \(width): \(current.count) rows, not \(previous.count)"
        }
        for (row, cells) in current.enumerated() {
            for (column, cell) in cells.enumerated() {
                guard previous[row].indices.contains(column), let before = previous[row][column] else { continue }
                guard let after = cell else {
                    return
                        "row \(row) column \(column) is dropped at \(width), shown at \(width - 1): \(before.debugDescription)"
                }
                if !isSubsequence(shown(before), of: shown(after)) {
                    return
                        "row \(row) column \(column) shows less at \(width) than at \(width - 1): "
                        + "\(after.debugDescription) after \(before.debugDescription)"
                }
            }
        }
        previous = current
    }
    return nil
}

/// The characters a cell shows, without spaces, line breaks and `…` (which
/// marks a cut line, and which the data may hold too).
private func shown(_ text: String) -> [Character] {
    text.filter { $0 != " " && $0 != "\n" && $0 != "…" }.map { $0 }
}

/// Whether `shorter` is `longer` with some characters taken out: what a
/// cell of several lines, each cut on its own, shows of its text.
private func isSubsequence(_ shorter: [Character], of longer: [Character]) -> Bool {
    var index = longer.startIndex
    for character in shorter {
        guard let found = longer[index...].firstIndex(of: character) else { return false }
        index = found + 1
    }
    return true
}

/// The first cell that shows a value cut into another meaning, or `nil`.
///
/// At every width, a cell that is shown is never a bare `…` (on any of its
/// lines), and a whole value (one that `isWhole` names, or a one-line cell of
/// 4 cells or fewer, such as a code) is shown exactly as with no width limit.
/// - Parameters:
///   - widths: The widths to check.
///   - full: What each cell shows with no width limit.
///   - isWhole: Whether the cell at a row and column holds a number, money, rating or date.
///   - visible: What each cell shows at a width.
/// - Returns: A description of the first cut value found.
public func firstCutValue(
    over widths: ClosedRange<Int>,
    full: [[String?]],
    isWhole: (_ row: Int, _ column: Int) -> Bool,
    visible: (Int) -> [[String?]]
) -> String? {
    for width in widths {
        for (row, cells) in visible(width).enumerated() {
            for (column, cell) in cells.enumerated() {
                guard let cell else { continue }
                let lines = cell.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                if lines.contains("…") {
                    return "row \(row) column \(column) at \(width) is a bare …: \(cell.debugDescription)"
                }
                guard full.indices.contains(row), full[row].indices.contains(column), let whole = full[row][column]
                else {
                    continue
                }
                let value = trimmedLines(whole)
                let short = !value.contains("\n") && !value.isEmpty && DisplayWidth.of(value) <= 4
                guard short || isWhole(row, column) else { continue }
                let shown = trimmedLines(cell)
                if shown != value {
                    return
                        "row \(row) column \(column) at \(width) shows \(shown.debugDescription), not \(value.debugDescription)"
                }
            }
        }
    }
    return nil
}

/// A cell's lines without the spaces that pad them and the blank lines that pad the row.
private func trimmedLines(_ text: String) -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
    }
    while lines.last?.isEmpty == true { lines.removeLast() }
    return lines.joined(separator: "\n")
}
