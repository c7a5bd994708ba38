/// How the matcher reads a text: its folded units, and where its words
/// start and of what sort each start is, exactly as the tiers and the
/// match quality see them (``MatchSubject/boundaryBonus(at:)``).
///
/// For an index that must find every text a pattern matches: it can store
/// the words of a text as the matcher splits them, instead of splitting
/// them again by rules of its own.
package struct WordStructure: Sendable {
    /// What comes before a word's first unit.
    package enum Start: UInt8, Sendable {
        /// No word starts here: the unit is not a word unit, or it goes on
        /// the word before it.
        case none
        /// The text's start, or whitespace.
        case afterWhitespace
        /// Punctuation such as `-._/@`.
        case afterDelimiter
        /// A symbol or emoji.
        case afterSymbol
        /// A word unit of another sort: a lower-case letter before an
        /// upper-case one (`CoffeeHouse`), letters before digits.
        case insideWord
    }

    /// What a unit is, as word boundaries read it.
    package enum Unit: UInt8, Sendable {
        /// A letter, a digit or a mark: part of a word.
        case word
        /// Whitespace or a control character.
        case space
        /// Punctuation such as `-._/@`.
        case delimiter
        /// A symbol or emoji.
        case symbol
    }

    /// The text folded, one scalar value a unit (see ``TextNormalizer``).
    package let units: [UInt32]
    /// For each unit, what it is.
    package let kinds: [Unit]
    /// For each unit, the start of a word there, if one starts.
    package let starts: [Start]
    /// The connectors between two words (`&`, `+`, `'n'`, `and`: ``WordForms``), as ranges of
    /// units: a query word that is a connector between two others matches any of them
    /// (``MatchPattern/Rule/connector``).
    package let connectors: [Range<Int>]

    /// The structure of `text`.
    package init(_ text: String) {
        var units: [UInt32] = []
        var kinds: [Unit] = []
        var starts: [Start] = []
        var connectors: [Range<Int>] = []
        UnicodeSubject.withSubject(text) { subject in
            TextMatcher.forEachConnector(in: subject) { range, _ in connectors.append(range) }
            units.reserveCapacity(subject.count)
            kinds.reserveCapacity(subject.count)
            starts.reserveCapacity(subject.count)
            for index in 0..<subject.count {
                units.append(subject.unit(at: index))
                let characterClass = subject.characterClass(at: index)
                kinds.append(
                    characterClass.isWord
                        ? .word
                        : characterClass == .whitespace ? .space : characterClass == .delimiter ? .delimiter : .symbol)
                let start: Start =
                    switch subject.boundaryBonus(at: index) {
                    case MatchScoring.bonusAfterWhitespace: .afterWhitespace
                    case MatchScoring.bonusAfterDelimiter: .afterDelimiter
                    case MatchScoring.bonusAfterNonWord: .afterSymbol
                    case MatchScoring.bonusCamelCase: .insideWord
                    default: .none
                    }
                starts.append(start)
            }
        }
        self.units = units
        self.kinds = kinds
        self.starts = starts
        self.connectors = connectors
    }

    /// The number of units.
    package var count: Int { units.count }

    /// Whether a match ending just before `end` ends a word, as the tiers
    /// read it (a host name's hyphen aside, which only makes fewer such ends).
    package func endsWord(at end: Int) -> Bool {
        end >= units.count || kinds[end] != .word || starts[end] != .none
    }
}
