/// One table of rows of different groups (kinds).
///
/// Every row shares the leading columns (such as KIND and NAME). Each group's
/// own columns form the details region to their right, and are aligned among
/// that group's rows only: prices line up with prices, expiry dates with expiry
/// dates. The header line shows the shared headers and then ``detailsHeader``;
/// below it, one legend line per group shows its title and its column headers.
public struct MergedTable: Sendable {
    /// The columns every row shares, left of the details region.
    public var shared: [Column]
    /// The header of the details region.
    public var detailsHeader: String
    /// The groups; rows refer to them by index.
    public var groups: [DetailGroup]
    /// The rows, in display order.
    public var rows: [MergedRow]

    /// Creates a merged table.
    /// - Parameters:
    ///   - shared: The shared leading columns.
    ///   - detailsHeader: The header above the details region.
    ///   - groups: The groups with their detail columns.
    ///   - rows: The rows, in display order.
    public init(shared: [Column], detailsHeader: String = "DETAILS", groups: [DetailGroup], rows: [MergedRow]) {
        self.shared = shared
        self.detailsHeader = detailsHeader
        self.groups = groups
        self.rows = rows
    }
}
