/// A column of a table: its header and how it takes part in width negotiation.
public struct Column: Sendable {
    /// The header, shown in upper case.
    public var header: String
    /// Where text sits in the column; numbers are right-aligned.
    public var alignment: Alignment
    /// The narrowest the column may be squashed to; below that it is dropped instead.
    public var minWidth: Int
    /// The widest the column grows to while the table must fit a width (a
    /// longer value wraps over its row's lines, or is cut), or `nil` for no
    /// limit. Width that is left over once every column has its own, and a
    /// table with no width limit (up to 1,024 columns), show values past it whole.
    public var maxWidth: Int?
    /// The column's importance: when space runs short, lower priorities are dropped first.
    public var priority: Int
    /// Whether values are shown whole or not at all: numbers, money,
    /// ratings, dates. Right-aligned columns always are.
    public var keepsWhole: Bool
    /// Whether the column is kept before every column that is not.
    public var isRequired: Bool
    /// The width the column may shrink to in a table under 60 columns, cut
    /// with `…` (KIND abbreviates), or `nil` to keep ``minWidth``.
    public var compactWidth: Int?
    /// The percentage of the table's width the column keeps, up to the width
    /// of its widest cell, before any column ranked below it is shown.
    public var share: Int
    /// How a value too wide for the column is cut; `nil` cuts it at the end.
    public var cut: CutRule?
    /// Whether text too wide for the column may wrap onto a row's spare
    /// lines; when `false` it is cut with `…` on its first line.
    public var wraps: Bool

    /// Creates a column.
    /// - Parameters:
    ///   - header: The header text; shown upper-cased and sanitised.
    ///   - alignment: `.right` for numbers.
    ///   - minWidth: The narrowest width (at least 1) before the column is dropped.
    ///   - maxWidth: The widest width while the table must fit a width, or `nil` for as wide as the content.
    ///   - priority: Higher priorities are dropped later.
    ///   - keepsWhole: `true` when a cut value would read as another value.
    ///   - isRequired: `true` to keep the column before any that is not.
    ///   - compactWidth: The narrowest width under 60 columns, if narrower than `minWidth`.
    ///   - share: The percentage of the table's width the column keeps first.
    ///   - cut: How a value too wide for the column is cut; `nil` cuts it at the end.
    ///   - wraps: `false` to cut text too wide with `…` rather than wrap it.
    public init(
        _ header: String,
        alignment: Alignment = .left,
        minWidth: Int = 1,
        maxWidth: Int? = nil,
        priority: Int = 0,
        keepsWhole: Bool = false,
        isRequired: Bool = false,
        compactWidth: Int? = nil,
        share: Int = 0,
        cut: CutRule? = nil,
        wraps: Bool = true
    ) {
        self.header = header
        self.alignment = alignment
        let minimum = max(1, minWidth)
        self.minWidth = minimum
        self.maxWidth = maxWidth.map { max(minimum, $0) }
        self.priority = priority
        self.keepsWhole = keepsWhole || alignment == .right
        self.isRequired = isRequired
        self.compactWidth = compactWidth.map { max(1, $0) }
        self.share = min(100, max(0, share))
        self.cut = cut
        self.wraps = wraps
    }
}
