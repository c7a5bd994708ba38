/// One line of a cell after wrapping and truncation, before padding and colour.
struct FittedLine: Sendable {
    /// The visible text, at most the column's width.
    var text: String
    /// The display width of `text`.
    var width: Int
    /// Character offsets into `text` to highlight.
    var highlights: [Range<Int>]

    /// A blank line.
    static let blank = FittedLine(text: "", width: 0, highlights: [])
}
