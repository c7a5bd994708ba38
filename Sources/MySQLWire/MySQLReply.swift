/// One statement's answer within a reply to ``MySQLConnection/query(_:)``.
public enum MySQLReply: Sendable {
    /// A statement that returns no rows: how many rows it changed, and how
    /// many warnings it raised.
    case ok(affectedRows: UInt64, warnings: Int)
    /// Rows: the column names, each row's values as text (`nil` for NULL),
    /// and the warnings the statement raised.
    case rows(columns: [String], rows: [[String?]], warnings: Int)
    /// The server refused this statement; no statement after it ran.
    case failed(MySQLError)

    /// The column named `name`'s index, in a result set.
    public func column(_ name: String) -> Int? {
        guard case .rows(let columns, _, _) = self else { return nil }
        return columns.firstIndex(of: name)
    }
}
