/// The size a row asks for, as a table view asks for a row height: its height in
/// lines and the width each of its cells wants.
public struct RowSize: Sendable, Equatable {
    /// The number of lines the row takes, exactly: shorter content is padded and
    /// longer content is cut with `…` on the last line.
    public var height: Int
    /// The width each cell wants, in terminal cells, in cell order. Width
    /// negotiation uses these, not the text, to size the columns.
    public var widths: [Int]

    /// Creates a row size.
    /// - Parameters:
    ///   - height: Lines the row takes; values below 1 count as 1.
    ///   - widths: The width each cell wants.
    public init(height: Int, widths: [Int]) {
        self.height = height
        self.widths = widths
    }

    /// The size of a row that wants each cell's own width (its widest line).
    /// - Parameters:
    ///   - height: Lines the row takes.
    ///   - cells: The cells, measured after sanitising.
    public init(height: Int, measuring cells: [Cell]) {
        self.init(height: height, widths: cells.map(\.displayWidth))
    }
}
