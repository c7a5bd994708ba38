/// The query being typed, with a cursor that moves anywhere in it, edited
/// as fzf's prompt edits it (which is as readline and Emacs do).
///
/// Words for Alt-B, Alt-F, Alt-D and Alt-Backspace are runs of letters and
/// digits; for Ctrl-W, runs of anything but spaces, as in a shell.
package struct LineEditor: Equatable, Sendable {
    /// The query's characters.
    private var characters: [Character]
    /// The query as typed.
    package private(set) var text: String
    /// Where the cursor is: before the character at this index, or at the
    /// end when it is ``count``.
    package private(set) var cursor: Int
    /// What the last deletion of a word or a line removed, for Ctrl-Y.
    private var killed: [Character] = []

    package init(_ text: String = "") {
        characters = Array(text)
        self.text = text
        cursor = characters.count
    }

    /// How many characters the query has.
    package var count: Int { characters.count }

    /// The query before the cursor.
    package var beforeCursor: String { String(characters[..<cursor]) }

    /// Inserts typed or pasted text at the cursor; whether the text changed.
    @discardableResult
    package mutating func insert(_ typed: String) -> Bool {
        guard !typed.isEmpty else { return false }
        let inserted = Array(typed)
        characters.insert(contentsOf: inserted, at: cursor)
        cursor += inserted.count
        text = String(characters)
        return true
    }

    /// Applies an editing action; returns whether the text changed (a
    /// cursor move changes none). Actions that do not edit do nothing.
    @discardableResult
    package mutating func apply(_ action: PickerAction) -> Bool {
        let before = characters.count
        switch action {
        case .backwardChar: cursor = max(0, cursor - 1)
        case .forwardChar: cursor = min(characters.count, cursor + 1)
        case .backwardWord: cursor = wordStart(before: cursor)
        case .forwardWord: cursor = wordEnd(after: cursor)
        case .beginningOfLine: cursor = 0
        case .endOfLine: cursor = characters.count
        case .backwardDeleteChar:
            guard cursor > 0 else { return false }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .deleteChar, .deleteCharOrAbort:
            guard cursor < characters.count else { return false }
            characters.remove(at: cursor)
        case .unixLineDiscard:
            kill(0..<cursor)
        case .unixWordRubout:
            // The spaces before the cursor, then the word before them.
            var start = cursor
            while start > 0, characters[start - 1] == " " { start -= 1 }
            while start > 0, characters[start - 1] != " " { start -= 1 }
            kill(start..<cursor)
        case .backwardKillWord:
            kill(wordStart(before: cursor)..<cursor)
        case .killWord:
            kill(cursor..<wordEnd(after: cursor))
        case .yank:
            guard !killed.isEmpty else { return false }
            characters.insert(contentsOf: killed, at: cursor)
            cursor += killed.count
        default:
            return false
        }
        // Every edit changes the number of characters; a move changes none.
        guard characters.count != before else { return false }
        text = String(characters)
        return true
    }

    /// Removes `range` from the query, keeping it for ``PickerAction/yank``;
    /// the cursor goes to where it was.
    private mutating func kill(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        killed = Array(characters[range])
        characters.removeSubrange(range)
        cursor = range.lowerBound
    }

    /// Whether `character` is part of a word for the Alt keys.
    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber
    }

    /// The start of the word before `position`: past what is not a word, then the word.
    private func wordStart(before position: Int) -> Int {
        var start = position
        while start > 0, !Self.isWordCharacter(characters[start - 1]) { start -= 1 }
        while start > 0, Self.isWordCharacter(characters[start - 1]) { start -= 1 }
        return start
    }

    /// The end of the word after `position`: past what is not a word, then the word.
    private func wordEnd(after position: Int) -> Int {
        var end = position
        while end < characters.count, !Self.isWordCharacter(characters[end]) { end += 1 }
        while end < characters.count, Self.isWordCharacter(characters[end]) { end += 1 }
        return end
    }
}
