/// A mouse report in the terminal's SGR encoding (`ESC [ < b ; x ; y M`).
package struct MouseEvent: Equatable, Sendable {
    /// What happened.
    package enum Action: Equatable, Sendable {
        /// The left button pressed.
        case press
        /// The left button let go.
        case release
        case wheelUp
        case wheelDown
        /// Any other button (middle, right, or with the pointer moving).
        case other
    }

    package var action: Action
    /// The screen's line and column, counted from 1.
    package var line: Int
    package var column: Int

    package init(_ action: Action, line: Int, column: Int) {
        self.action = action
        self.line = line
        self.column = column
    }
}
