/// A row of a ``MergedTable``: shared cells, then its group's detail cells.
public struct MergedRow: Sendable {
    /// The index of the row's group in ``MergedTable`` `groups`.
    public var group: Int
    /// One cell per shared column.
    public var shared: [Cell]
    /// One cell per column of the row's group.
    public var details: [Cell]
    /// The height and the wanted widths of the shared cells, then the detail cells.
    public var size: RowSize

    /// Creates a merged row.
    /// - Parameters:
    ///   - group: Index into the table's groups; an invalid index draws no details.
    ///   - shared: One cell per shared column; missing cells are drawn empty.
    ///   - details: One cell per column of the group.
    ///   - size: `size.widths` covers `shared` then `details`; a missing width is
    ///     measured from its cell.
    public init(group: Int, shared: [Cell], details: [Cell], size: RowSize) {
        self.group = group
        self.shared = shared
        self.details = details
        self.size = size
    }
}
