/// A key the picker acts on, decoded from the bytes the terminal sends.
package enum Key: Equatable, Sendable {
    /// Printable text: one character, or several when pasted.
    case text(String)
    case backspace
    /// Ctrl-U: clear the query.
    case clearLine
    /// Ctrl-W: delete the word before the cursor.
    case deleteWord
    /// Up arrow or Ctrl-P.
    case up
    /// Down arrow or Ctrl-N.
    case down
    case pageUp
    case pageDown
    /// Tab: mark or unmark the selected row, then move down.
    case tab
    case enter
    /// Esc alone (not the start of an escape sequence).
    case escape
    /// Ctrl-C, read as a byte: the terminal is in raw mode.
    case interrupt
    /// Ctrl-Z, read as a byte: suspend as a shell job.
    case suspend
    /// Ctrl-L: draw the whole screen again.
    case redraw
}
