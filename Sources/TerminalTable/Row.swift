/// A row of a single-kind table (a ``Section``): its cells and its size.
public struct Row: Sendable {
    /// The cells, one per column.
    public var cells: [Cell]
    /// The row's height and the widths its cells want.
    public var size: RowSize

    /// Creates a row with an explicit size.
    /// - Parameters:
    ///   - cells: One cell per column; missing cells are drawn empty.
    ///   - size: The height and wanted widths; `size.widths.count` should equal
    ///     `cells.count`, and a missing width is measured from its cell.
    public init(_ cells: [Cell], size: RowSize) {
        self.cells = cells
        self.size = size
    }

    /// Creates a row whose cells want their own width (the widest line of each).
    /// - Parameters:
    ///   - cells: One cell per column.
    ///   - height: Lines the row takes.
    public init(_ cells: [Cell], height: Int = 1) {
        self.init(cells, size: RowSize(height: height, measuring: cells))
    }
}
