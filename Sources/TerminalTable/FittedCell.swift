/// The lines of one cell fitted to its column, for one row.
///
/// Most cells fit on their first line, so that line is held apart and the
/// rest (often none) in an array that is then empty and costs nothing. Lines
/// past the end are blank, which pads a row to its height.
struct FittedCell: Sendable {
    /// The first line.
    var first: FittedLine
    /// The lines after the first.
    var rest: [FittedLine]

    /// A cell of one line.
    init(_ first: FittedLine) {
        self.first = first
        self.rest = []
    }

    /// A cell of `lines`, in order.
    init(lines: [FittedLine]) {
        self.first = lines.first ?? .blank
        self.rest = Array(lines.dropFirst())
    }

    /// A cell with nothing in it.
    static let blank = FittedCell(.blank)

    /// Line `index` of the row, blank past the cell's lines.
    subscript(index: Int) -> FittedLine {
        if index == 0 { return first }
        return index - 1 < rest.count ? rest[index - 1] : .blank
    }
}
