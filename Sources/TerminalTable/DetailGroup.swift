/// A group of rows of a ``MergedTable`` (one kind) with its own detail columns.
public struct DetailGroup: Sendable {
    /// The group's title, such as the kind's name, shown in the header legend.
    public var title: String
    /// The columns of the group's details region, aligned among its rows only.
    public var columns: [Column]

    /// Creates a group.
    /// - Parameters:
    ///   - title: Shown in the first shared column of the group's legend line.
    ///   - columns: The group's own columns, drawn in the details region.
    public init(title: String, columns: [Column]) {
        self.title = title
        self.columns = columns
    }
}
