package import SearchEngine

/// The full-text expressions that find a query's candidates in the cluster,
/// one per strength our scorer ranks by (see `MatchStrength`): exact
/// (`^=w$`), whole word at the start (`^=w`), whole word anywhere (`=w`),
/// start of a longer word at the start (`^w*`) or anywhere (`w*`), and
/// substring (`*w*`). Each finds a superset of the ones before it, so the
/// substring expression finds every candidate, and the narrower ones make
/// sure the best are among those fetched when a strength holds more
/// records than are fetched.
///
/// Typo and fuzzy matches have no expression: the cluster cannot find them.
package struct TierQuery: Sendable {
    /// Each positive word or phrase as the words the cluster indexes.
    private let terms: [[String]]
    /// The query's words that have nothing the cluster indexes (`☕`): the
    /// cluster cannot narrow by them, and matches them locally only.
    package let unsearchable: [String]
    /// The query's one-character words: a wildcard needs two characters, so
    /// the cluster finds these as whole words only.
    package let wholeWordsOnly: [String]

    /// The expressions for the positive words and phrases of `query`.
    package init(_ query: Query) {
        var terms: [[String]] = []
        var unsearchable: [String] = []
        for condition in query.conditions where !condition.negated {
            let raw: String
            switch condition.clause {
            case .text(_, let text): raw = text
            case .fieldText(_, _, let text) where Double(text) == nil: raw = text
            default: continue
            }
            let words = SphinxQLText.words(raw)
            if words.isEmpty { unsearchable.append(raw) } else { terms.append(words) }
        }
        self.terms = terms
        self.unsearchable = unsearchable
        wholeWordsOnly = terms.flatMap { $0 }.filter { $0.count < 2 }
    }

    /// Whether the query has no words the cluster can search for.
    package var isEmpty: Bool { terms.isEmpty }

    /// Whether the query has several words or phrases, which may match in
    /// different fields.
    package var hasSeveralTerms: Bool { terms.count > 1 }

    /// One `MATCH()` body per strength, best first, limited to `fields`
    /// (`f0`, or `(f0,f1)`), unescaped for SQL.
    package func expressions(in fields: String) -> [String] {
        Strength.allCases.map { strength in
            "@\(fields) " + terms.map { Self.expression(strength, words: $0) }.joined(separator: " ")
        }
    }

    enum Strength: CaseIterable { case exact, wholeWordAtStart, wholeWord, prefix, wordPrefix, substring }

    /// One term's expression: its words, each escaped; `=` keeps a whole
    /// word from the infix expansion the index does for bare words. A
    /// wildcard needs two characters, so a one-character word is matched as
    /// a whole word.
    private static func expression(_ strength: Strength, words: [String]) -> String {
        let escaped = words.map(SphinxQLText.fullTextEscaped)
        let last = escaped.count - 1
        func starred(_ word: String, _ pattern: (String) -> String) -> String {
            word.count >= 2 ? pattern(word) : "=" + word
        }
        let parts: [String]
        switch strength {
        case .exact:
            parts = escaped.enumerated().map { index, word in
                (index == 0 ? "^" : "") + "=" + word + (index == last ? "$" : "")
            }
        case .wholeWordAtStart:
            parts = escaped.enumerated().map { index, word in (index == 0 ? "^=" : "=") + word }
        case .wholeWord:
            parts = escaped.map { "=" + $0 }
        case .prefix:
            parts = escaped.enumerated().map { index, word in
                let start = index == 0 ? "^" : ""
                return index == last ? start + starred(word) { $0 + "*" } : start + "=" + word
            }
        case .wordPrefix:
            parts = escaped.enumerated().map { index, word in index == last ? starred(word) { $0 + "*" } : "=" + word }
        case .substring:
            parts = escaped.map { word in starred(word) { "*" + $0 + "*" } }
        }
        return "(" + parts.joined(separator: " ") + ")"
    }
}
