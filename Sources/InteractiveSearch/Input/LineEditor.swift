/// The query being typed: text edited at its end, as in fzf's prompt.
package struct LineEditor: Equatable, Sendable {
    /// The query as typed.
    package private(set) var text: String

    package init(_ text: String = "") {
        self.text = text
    }

    /// Applies an editing key; returns whether the text changed.
    @discardableResult
    package mutating func apply(_ key: Key) -> Bool {
        let before = text
        switch key {
        case .text(let typed):
            text += typed
        case .backspace:
            if !text.isEmpty { text.removeLast() }
        case .clearLine:
            text = ""
        case .deleteWord:
            // As a shell's Ctrl-W: the spaces before the cursor, then the word.
            while text.last == " " { text.removeLast() }
            while let last = text.last, last != " " { text.removeLast() }
        default:
            break
        }
        return text != before
    }
}
