public import TerminalTable

/// One column of a kind's details region, as declared by the kind.
public struct KindColumn: Sendable {
    /// The header, shown upper-case.
    public var header: String
    /// The record field this column shows, for `--list-kinds` and sorting.
    public var field: String
    /// Numbers are right-aligned.
    public var alignment: Alignment
    /// Higher priority columns are kept longer when the terminal is narrow.
    public var priority: Int
    public var minWidth: Int
    public var maxWidth: Int?
    /// Values shown whole or not at all (numbers, money, ratings, dates):
    /// cut, they would read as another value. Right-aligned columns always are.
    public var keepsWhole: Bool
    /// Kept before every column that is not required.
    public var isRequired: Bool
    /// Whether text too wide wraps onto the row's spare lines; when `false`
    /// it is cut with `…` on its first line.
    public var wraps: Bool
    /// Where the value comes from, for `--list-kinds` (`/author/born`);
    /// `nil` for the record field ``field``.
    public var source: String?
    /// The value's type, for `--list-kinds` (`integer`); `nil` when the kind does not say.
    public var valueType: String?

    public init(
        _ header: String,
        field: String,
        alignment: Alignment = .left,
        priority: Int = 0,
        minWidth: Int = 1,
        maxWidth: Int? = nil,
        keepsWhole: Bool = false,
        isRequired: Bool = false,
        wraps: Bool = true,
        source: String? = nil,
        valueType: String? = nil
    ) {
        self.header = header
        self.field = field
        self.alignment = alignment
        self.priority = priority
        self.minWidth = minWidth
        self.maxWidth = maxWidth
        self.keepsWhole = keepsWhole
        self.isRequired = isRequired
        self.wraps = wraps
        self.source = source
        self.valueType = valueType
    }

    /// The table engine's column.
    package var tableColumn: Column {
        Column(
            header.uppercased(), alignment: alignment, minWidth: minWidth, maxWidth: maxWidth, priority: priority,
            keepsWhole: keepsWhole, isRequired: isRequired, wraps: wraps)
    }
}
