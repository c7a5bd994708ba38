/// A titled table of one group, with its own full headers (for `--group-by`).
public struct Section: Sendable {
    /// The title line above the table, or `nil` for none.
    public var title: String?
    /// The section's columns.
    public var columns: [Column]
    /// The section's rows.
    public var rows: [Row]

    /// Creates a section.
    /// - Parameters:
    ///   - title: Shown on its own line above the table; sanitised.
    ///   - columns: The columns, each with its header.
    ///   - rows: The rows, in display order.
    public init(title: String?, columns: [Column], rows: [Row]) {
        self.title = title
        self.columns = columns
        self.rows = rows
    }
}
