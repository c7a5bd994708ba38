/// A column of a table: its header and how it takes part in width negotiation.
public struct Column: Sendable {
    /// The header, shown in upper case.
    public var header: String
    /// Where text sits in the column; numbers are right-aligned.
    public var alignment: Alignment
    /// The narrowest the column may be squashed to; below that it is dropped instead.
    public var minWidth: Int
    /// The widest the column may grow to, or `nil` for no limit.
    public var maxWidth: Int?
    /// The column's importance: when space runs short, lower priorities are dropped first.
    public var priority: Int

    /// Creates a column.
    /// - Parameters:
    ///   - header: The header text; shown upper-cased and sanitised.
    ///   - alignment: `.right` for numbers.
    ///   - minWidth: The narrowest width (at least 1) before the column is dropped.
    ///   - maxWidth: The widest width, or `nil` for as wide as the content.
    ///   - priority: Higher priorities are dropped later.
    public init(
        _ header: String,
        alignment: Alignment = .left,
        minWidth: Int = 1,
        maxWidth: Int? = nil,
        priority: Int = 0
    ) {
        self.header = header
        self.alignment = alignment
        let minimum = max(1, minWidth)
        self.minWidth = minimum
        self.maxWidth = maxWidth.map { max(minimum, $0) }
        self.priority = priority
    }
}
