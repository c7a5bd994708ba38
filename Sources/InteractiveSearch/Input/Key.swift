/// What the terminal sent, decoded from its bytes: text, a named key, a
/// mouse event, or an answer to a question the picker asked it.
package enum Key: Equatable, Sendable {
    /// Printable text: one character typed, or several at once (a paste).
    case text(String)
    /// A key with a name in fzf's spelling (``KeyName``): what it does is
    /// the key table's to say (``KeyTable``).
    case named(KeyName)
    /// A mouse button or the wheel, where the pointer was.
    case mouse(MouseEvent)
    /// The terminal's answer to a cursor position request (`ESC [ 6 n`):
    /// the line and column, counted from 1.
    case cursorPosition(line: Int, column: Int)
}
