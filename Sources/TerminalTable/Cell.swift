/// The content of one table cell: sanitised text, a style and highlighted characters.
///
/// The text is sanitised when the cell is made (as `TerminalText.sanitize(_:)` does),
/// so that it is measured and laid out exactly as it will be drawn: a line feed
/// in data shows as `^J` and never breaks the table. A cell that should span
/// several lines on purpose is made with ``init(lines:style:)``.
public struct Cell: Sendable, ExpressibleByStringLiteral {
    /// The first sanitised line, which is most often the only one.
    let firstLine: String
    /// The display width of ``firstLine``.
    let firstWidth: Int
    /// The semantic style, drawn only when colour is on.
    public var style: CellStyle
    /// Whether the cell is the text it was made from, unchanged: one line
    /// with nothing to make visible, so its width is the text's width.
    package let isVerbatim: Bool
    /// What few cells have: more lines, or highlights. `nil` for a plain cell
    /// of one line, so that copying a cell copies one string and no arrays.
    let extra: Extra?

    /// The lines after the first, with their widths, and the highlights.
    final class Extra: Sendable {
        let moreLines: [String]
        let moreWidths: [Int]
        let highlights: [Range<Int>]

        init(moreLines: [String], moreWidths: [Int], highlights: [Range<Int>]) {
            self.moreLines = moreLines
            self.moreWidths = moreWidths
            self.highlights = highlights
        }
    }

    /// Creates a cell of one line of text.
    /// - Parameters:
    ///   - text: Any text; its controls (line breaks included) are made visible.
    ///   - style: The semantic style, applied after layout when colour is on.
    ///   - highlights: Character (grapheme) offsets into `text` to highlight.
    ///     They follow the text through sanitising, wrapping and truncation.
    public init(_ text: String, style: CellStyle = .plain, highlights: [Range<Int>] = []) {
        self.style = style
        if let width = DisplayWidth.printableWidth(text) {
            // Nothing to escape: the text is its own sanitised form.
            self.firstLine = text
            self.firstWidth = width
            self.isVerbatim = true
            self.extra = highlights.isEmpty ? nil : Extra(moreLines: [], moreWidths: [], highlights: highlights)
            return
        }
        let safe = TerminalText.sanitize(text)
        self.firstLine = safe
        self.firstWidth = DisplayWidth.of(safe)
        self.isVerbatim = false
        let kept: [Range<Int>]
        if highlights.isEmpty {
            kept = []
        } else if safe == text {
            kept = highlights
        } else {
            kept = Self.remap(highlights, from: text)
        }
        self.extra = kept.isEmpty ? nil : Extra(moreLines: [], moreWidths: [], highlights: kept)
    }

    /// A cell of one line that is already sanitised, `width` wide.
    init(sanitizedLine line: String, width: Int, style: CellStyle, isVerbatim: Bool) {
        self.firstLine = line
        self.firstWidth = width
        self.style = style
        self.isVerbatim = isVerbatim
        self.extra = nil
    }

    /// Creates a cell of several lines, each shown on its own line of the row.
    /// - Parameters:
    ///   - lines: The lines; controls in each are made visible.
    ///   - style: The semantic style, applied after layout when colour is on.
    public init(lines: [String], style: CellStyle = .plain) {
        let safe = lines.map(TerminalText.sanitize)
        self.firstLine = safe.first ?? ""
        self.firstWidth = DisplayWidth.of(firstLine)
        self.style = style
        self.isVerbatim = false
        let moreLines = Array(safe.dropFirst())
        self.extra =
            moreLines.isEmpty
            ? nil : Extra(moreLines: moreLines, moreWidths: moreLines.map { DisplayWidth.of($0) }, highlights: [])
    }

    /// Creates a plain cell from a string literal.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The sanitised lines of the cell, as drawn before wrapping and truncation.
    public var lines: [String] {
        [firstLine] + (extra?.moreLines ?? [])
    }

    /// Character (grapheme) offsets into the first line that are drawn bold and
    /// underlined when colour is on, such as the characters a query matched.
    public var highlights: [Range<Int>] {
        extra?.highlights ?? []
    }

    /// The width the cell's widest line takes, in terminal cells.
    public var displayWidth: Int {
        guard let extra else { return firstWidth }
        return max(firstWidth, extra.moreWidths.max() ?? 0)
    }

    /// The number of lines, at least 1.
    var lineCount: Int { 1 + (extra?.moreLines.count ?? 0) }

    /// Line `index` (0-based) of ``lines``.
    func line(_ index: Int) -> String {
        guard index > 0, let extra else { return firstLine }
        return extra.moreLines[index - 1]
    }

    /// The display width of line `index` (0-based).
    func lineWidth(_ index: Int) -> Int {
        guard index > 0, let extra else { return firstWidth }
        return extra.moreWidths[index - 1]
    }

    /// Maps character offsets of the raw text to offsets in its sanitised form,
    /// where one control character may become several visible ones.
    private static func remap(_ highlights: [Range<Int>], from text: String) -> [Range<Int>] {
        var starts: [Int] = []
        var offset = 0
        for character in text {
            starts.append(offset)
            offset += TerminalText.sanitize(String(character)).count
        }
        starts.append(offset)
        return highlights.compactMap { range in
            let lower = starts[min(max(range.lowerBound, 0), starts.count - 1)]
            let upper = starts[min(max(range.upperBound, 0), starts.count - 1)]
            return lower < upper ? lower..<upper : nil
        }
    }
}
