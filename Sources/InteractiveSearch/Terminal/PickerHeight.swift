/// How much of the terminal the picker takes: the whole screen (the
/// alternate one), or, as fzf's `--height`, some lines below the cursor,
/// given back as they were on the way out.
package enum PickerHeight: Equatable, Sendable {
    case fullScreen
    /// This many lines.
    case lines(Int)
    /// This share of the terminal's lines, in percent.
    case percent(Int)

    /// The fewest lines the picker takes inline: a row, the status and the query.
    static let minimumLines = 3
    /// The fewest lines a height in percent gives, as fzf's `--min-height`.
    static let minimumPercentLines = 10

    /// `10` or `40%`; `nil` for anything else (a count of 0, a share
    /// over 100 %, a sign).
    package init?(parsing text: String) {
        if text.hasSuffix("%") {
            guard let share = Int(text.dropLast()), share > 0, share <= 100, text.first != "+" else { return nil }
            self = .percent(share)
        } else {
            guard let count = Int(text), count > 0, text.first != "+" else { return nil }
            self = .lines(count)
        }
    }

    /// The lines taken on a terminal of `lines` lines.
    func lines(ofTerminal lines: Int) -> Int {
        switch self {
        case .fullScreen: lines
        case .lines(let count): min(lines, max(Self.minimumLines, count))
        case .percent(let share): min(lines, max(Self.minimumPercentLines, lines * share / 100))
        }
    }
}
