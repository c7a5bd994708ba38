/// What a key does in the picker, named as fzf names its actions (`up`,
/// `toggle+down`, `unix-word-rubout`), so that an fzf user finds them.
package enum PickerAction: String, CaseIterable, Sendable {
    case accept
    case abort
    case up
    case down
    case pageUp = "page-up"
    case pageDown = "page-down"
    case toggleDown = "toggle+down"
    case toggleUp = "toggle+up"
    /// The row under the pointer becomes the selected one.
    case click
    case previewUp = "preview-up"
    case previewDown = "preview-down"
    case backwardChar = "backward-char"
    case forwardChar = "forward-char"
    case backwardWord = "backward-word"
    case forwardWord = "forward-word"
    case beginningOfLine = "beginning-of-line"
    case endOfLine = "end-of-line"
    case backwardDeleteChar = "backward-delete-char"
    case deleteChar = "delete-char"
    case deleteCharOrAbort = "delete-char/eof"
    case unixLineDiscard = "unix-line-discard"
    case unixWordRubout = "unix-word-rubout"
    case backwardKillWord = "backward-kill-word"
    case killWord = "kill-word"
    case yank
    case clearScreen = "clear-screen"
    case suspend

    /// What the action does, as the help and the man page say it.
    package var summary: String {
        switch self {
        case .accept: "Print the marked rows, or else the selected one, and leave."
        case .abort: "Leave without printing anything (exit status 130)."
        case .up: "Move the selection up."
        case .down: "Move the selection down."
        case .pageUp: "Move the selection a screen up."
        case .pageDown: "Move the selection a screen down."
        case .toggleDown: "Mark or unmark the selected row, then move down."
        case .toggleUp: "Mark or unmark the selected row, then move up."
        case .click: "Select the row clicked."
        case .previewUp: "Scroll the preview up (also the wheel over it)."
        case .previewDown: "Scroll the preview down (also the wheel over it)."
        case .backwardChar: "Move the query's cursor a character left."
        case .forwardChar: "Move the query's cursor a character right."
        case .backwardWord: "Move the query's cursor a word left."
        case .forwardWord: "Move the query's cursor a word right."
        case .beginningOfLine: "Move the query's cursor to its start."
        case .endOfLine: "Move the query's cursor to its end."
        case .backwardDeleteChar: "Delete the character before the cursor."
        case .deleteChar: "Delete the character under the cursor."
        case .deleteCharOrAbort: "Delete the character under the cursor; on an empty query, leave as abort does."
        case .unixLineDiscard: "Delete from the start of the query to the cursor."
        case .unixWordRubout: "Delete the word before the cursor, up to a space."
        case .backwardKillWord: "Delete the word before the cursor, up to a letter or digit."
        case .killWord: "Delete the word after the cursor."
        case .yank: "Insert the text the last deletion removed."
        case .clearScreen: "Draw the screen again."
        case .suspend: "Stop as a shell job (fg brings the picker back)."
        }
    }
}
