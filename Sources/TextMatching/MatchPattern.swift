/// A search term prepared once (folded for case and diacritics) for matching many texts.
public struct MatchPattern: Sendable {
    /// The term as given, before folding.
    public let term: String
    /// The folded term as Unicode scalar values; runs of whitespace are one space.
    package let units: [UInt32]
    /// Whether every folded unit is ASCII, so the pattern can be matched on the bytes of ASCII texts.
    let isASCII: Bool
    /// Other spellings of the same term that match as well as the term: the Unicode and the ASCII
    /// spelling of a host, and the other forms people type a word in (``WordForms``: `½` for
    /// `1/2`, `II` for `2`, `&` for `and`); the best match of any spelling counts.
    public internal(set) var alternatives: [MatchPattern]
    /// How this spelling matches, as one of another pattern's ``alternatives``.
    package private(set) var rule: Rule

    /// How an alternative spelling matches.
    package enum Rule: Sendable, Equatable {
        /// As the term does, at every tier (a host's other spelling).
        case anyTier
        /// By the contiguous tiers only, exact to substring, never as a typo (`½` for `1/2`, a
        /// phrase's other spelling).
        case contiguous
        /// As a whole word only, without a plural ending (`ii` for `2`).
        case wholeWord
        /// Any connector between two words of the text (`&`, `+`, `'n'`, `and`), whatever the
        /// spelling.
        case connector
    }

    /// Prepares a term that may also be spelled in other ways, for matching many texts.
    /// - Parameters:
    ///   - term: The word or phrase to look for.
    ///   - alternatives: Other spellings that mean the same (`xn--p1ai` for `рф`).
    public init(_ term: String, alternatives: [String]) {
        self.init(term)
        self.alternatives += alternatives.map { MatchPattern($0) }
    }

    /// Prepares one search term (a word or a quoted phrase, already unquoted) once, for matching many
    /// texts.
    ///
    /// Leading and trailing whitespace is ignored, and a run of whitespace inside a phrase matches
    /// one space. A fraction matches its other spelling (`½` and `1/2`), and a phrase the other
    /// spellings of its connectors and numbers (``WordForms``).
    /// - Parameter term: The word or phrase to look for.
    public init(_ term: String) {
        self.init(plain: term)
        let words = term.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        if words.count > 1 {
            alternatives = WordForms.phraseSpellings(of: words).map { MatchPattern(plain: $0, rule: .contiguous) }
        } else {
            alternatives = WordForms.fractionForms(of: units).map { MatchPattern(plain: $0, rule: .contiguous) }
        }
    }

    /// The term alone, without other spellings.
    init(plain term: String, rule: Rule = .anyTier) {
        self.term = term
        var units: [UInt32] = []
        units.reserveCapacity(term.utf8.count)
        var pendingSpace = false
        for scalar in term.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !units.isEmpty
                continue
            }
            if pendingSpace {
                units.append(0x20)
                pendingSpace = false
            }
            TextNormalizer.fold(scalar) { units.append($0.value) }
        }
        self.units = units
        self.isASCII = units.allSatisfy { $0 < 0x80 }
        self.alternatives = []
        self.rule = rule
    }

    /// This query word with the forms it has where it stands (``WordForms``): as a connector
    /// (`and`, `&`, `+`, `'n'`, `n`) between two other words, any connector between two words of
    /// a text; as a number from 2 to 20 or a Roman numeral from II to XX, with other words, the
    /// other as a whole word. Any other word, or a phrase, is returned as it is.
    ///
    /// The query parser asks this of every word it ranks by; an index that finds a query's
    /// candidates reads the result's ``alternatives`` and their ``rule``.
    /// - Parameters:
    ///   - betweenWords: Whether the words just before and after it in the query are words it
    ///     ranks by.
    ///   - withOtherWords: Whether the query ranks by other words too.
    package func withForms(betweenWords: Bool, withOtherWords: Bool) -> MatchPattern {
        guard !units.contains(0x20) else { return self }
        var pattern = self
        if betweenWords, WordForms.isConnector(units) {
            pattern.alternatives.append(MatchPattern(plain: "and", rule: .connector))
        }
        if withOtherWords, let numeral = WordForms.numeralForm(of: units) {
            pattern.alternatives.append(MatchPattern(plain: numeral, rule: .wholeWord))
        }
        return pattern
    }

    /// Whether the term has nothing to match (it was empty or only whitespace or marks).
    public var isEmpty: Bool { units.isEmpty }
}
