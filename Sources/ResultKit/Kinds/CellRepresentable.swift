public import TerminalTable

/// A view model that renders one result as a table row, whatever its kind.
///
/// This is the terminal form of the `CellRepresentable` protocol from the
/// search-results screen this package is modelled on: the table never asks a
/// row what kind it is. Each row reports its own size, as UIKit asks a cell
/// for its `rowHeight`, and builds its own cells.
///
/// Contract for conformers:
/// - `detailCells` has exactly one cell per column of the kind's `columns`,
///   in the same order.
/// - `rowHeight` is at least 1: the most lines the row takes. The table
///   takes as many as the row's text needs at the widths it settles, and
///   cuts content taller than that with `…` on the last line.
/// - `cellWidths(for:)` has one width for the NAME cell, then one per detail
///   cell.
///
/// The table asks each row for `detailCells` once, then for the widths of
/// those cells, so a view model builds its cells on demand and keeps no
/// copies.
public protocol CellRepresentable: Sendable {
    /// The most terminal lines this row takes. Defaults to 1.
    var rowHeight: Int { get }

    /// The text of the NAME column, the identity every kind provides.
    var name: String { get }

    /// The cells of this row's details region, one per column of its kind.
    var detailCells: [Cell] { get }

    /// The width in terminal cells that the NAME cell and each of `details`
    /// want, as a table view asks a cell for its size. Defaults to the widest
    /// line of each.
    /// - Parameter details: The cells ``detailCells`` gave for this row.
    func cellWidths(for details: [Cell]) -> [Int]

    /// What is worth a warning about the record this row shows, which is
    /// shown all the same: a value written as it is because it does not
    /// fit its column. Defaults to none.
    var notes: [RecordNote] { get }
}

extension CellRepresentable {
    public var rowHeight: Int { 1 }

    public var notes: [RecordNote] { [] }

    public func cellWidths(for details: [Cell]) -> [Int] {
        measuredWidths(name: Self.widestLine(of: name), details: details)
    }

    /// The display width of the widest line of `text`, as the default
    /// ``cellWidths(for:)`` measures the NAME cell.
    public static func widestLine(of text: String) -> Int {
        if let width = DisplayWidth.printableASCIIWidth(text) { return width }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { DisplayWidth.of(TerminalText.sanitize(String($0))) }
            .max() ?? 0
    }
}

/// `nameWidth`, then the width of each of `details`: the table asks every
/// row. For the usual few details the array is a literal of its final size,
/// whose storage type the compiler knows (an array made to a capacity asks
/// the runtime for that type on every call).
private func measuredWidths(name nameWidth: Int, details: [Cell]) -> [Int] {
    switch details.count {
    case 0: return [nameWidth]
    case 1: return [nameWidth, details[0].displayWidth]
    case 2: return [nameWidth, details[0].displayWidth, details[1].displayWidth]
    case 3: return [nameWidth, details[0].displayWidth, details[1].displayWidth, details[2].displayWidth]
    default:
        var widths = [nameWidth]
        widths.reserveCapacity(1 + details.count)
        for cell in details { widths.append(cell.displayWidth) }
        return widths
    }
}
