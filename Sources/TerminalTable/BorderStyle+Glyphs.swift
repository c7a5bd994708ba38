extension BorderStyle {
    /// The characters that draw a frame.
    struct Glyphs {
        /// The horizontal rule.
        let horizontal: Character
        /// The vertical rule between and around cells.
        let vertical: Character
        /// Left, middle and right joints of the top, separator and bottom rules.
        let top: (left: Character, middle: Character, right: Character)
        let separator: (left: Character, middle: Character, right: Character)
        let bottom: (left: Character, middle: Character, right: Character)
    }

    /// The frame's characters, or `nil` for ``plain``.
    var glyphs: Glyphs? {
        switch self {
        case .plain:
            return nil
        case .ascii:
            return Glyphs(
                horizontal: "-",
                vertical: "|",
                top: ("+", "+", "+"),
                separator: ("+", "+", "+"),
                bottom: ("+", "+", "+")
            )
        case .rounded:
            return Glyphs(
                horizontal: "─",
                vertical: "│",
                top: ("╭", "┬", "╮"),
                separator: ("├", "┼", "┤"),
                bottom: ("╰", "┴", "╯")
            )
        }
    }

    /// The width the frame adds to `columns` columns of content.
    func overhead(columns: Int) -> Int {
        guard columns > 0 else { return 0 }
        return self == .plain ? 2 * (columns - 1) : 3 * columns + 1
    }
}
