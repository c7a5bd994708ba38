/// How a table is rendered.
public struct RenderOptions: Sendable {
    /// The total width to fit, in terminal cells, or `nil` for no limit.
    public var maxWidth: Int?
    /// The frame.
    public var border: BorderStyle
    /// Whether the header line (and a merged table's legend lines) is drawn.
    public var showHeaders: Bool
    /// Whether ANSI colour and highlights are drawn (after layout).
    public var color: Bool
    /// Whether every column is kept: no column is dropped to fit; columns are
    /// squashed instead, below their minimum width if they must.
    public var wide: Bool

    /// Creates render options.
    /// - Parameters:
    ///   - maxWidth: The width to fit (the terminal's), or `nil` for no limit.
    ///   - border: The frame style.
    ///   - showHeaders: `false` for `--no-headers`.
    ///   - color: `true` to draw styles and highlights.
    ///   - wide: `true` to keep every column.
    public init(
        maxWidth: Int? = nil,
        border: BorderStyle = .plain,
        showHeaders: Bool = true,
        color: Bool = false,
        wide: Bool = false
    ) {
        self.maxWidth = maxWidth
        self.border = border
        self.showHeaders = showHeaders
        self.color = color
        self.wide = wide
    }
}
