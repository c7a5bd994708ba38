package import SearchEngine

/// The full-text expressions that find a query's candidates in the cluster,
/// one per match tier our scorer knows: exact (`^w$`), prefix (`^w*`), word
/// prefix (`w*`) and substring (`*w*`). Each finds a superset of the one
/// before, so the substring expression finds every candidate and the
/// narrower ones make sure the best are among those fetched when a tier
/// holds more than are fetched.
///
/// Typo and fuzzy matches have no expression: the cluster cannot find them.
package struct TierQuery: Sendable {
    /// One `MATCH()` body per tier, best first, unescaped for SQL.
    package let expressions: [String]
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
            case .fieldText(_, _, let text) where Query.isNumberText(text) == false: raw = text
            default: continue
            }
            let words = SphinxQLText.words(raw)
            if words.isEmpty { unsearchable.append(raw) } else { terms.append(words) }
        }
        self.unsearchable = unsearchable
        wholeWordsOnly = terms.flatMap { $0 }.filter { $0.count < 2 }
        guard !terms.isEmpty else {
            expressions = []
            return
        }
        let fields = "@(" + ClusterSchema.fieldNames.joined(separator: ",") + ") "
        expressions = Tier.allCases.compactMap { tier in
            let parts = terms.compactMap { Self.expression(tier, words: $0) }
            return parts.isEmpty ? nil : fields + parts.joined(separator: " ")
        }
    }

    /// Whether the query has words the cluster can search for.
    package var isEmpty: Bool { expressions.isEmpty }

    enum Tier: CaseIterable { case exact, prefix, wordPrefix, substring }

    /// One term's expression at `tier`: its words, each escaped; `=` keeps a
    /// whole word from the infix expansion the index does for bare words.
    /// A wildcard needs two characters, so a one-character word is matched
    /// as a whole word in every tier.
    private static func expression(_ tier: Tier, words: [String]) -> String? {
        let escaped = words.map(SphinxQLText.fullTextEscaped)
        let last = escaped.count - 1
        func wild(_ word: String, _ pattern: (String) -> String) -> String? {
            word.count >= 2 ? pattern(word) : "=" + word
        }
        let parts: [String?]
        switch tier {
        case .exact:
            parts = escaped.enumerated().map { index, word in
                (index == 0 ? "^" : "") + "=" + word + (index == last ? "$" : "")
            }
        case .prefix:
            parts = escaped.enumerated().map { index, word in
                index == last
                    ? wild(word) { (index == 0 ? "^" : "") + $0 + "*" } : (index == 0 ? "^=" : "=") + word
            }
        case .wordPrefix:
            parts = escaped.enumerated().map { index, word in index == last ? wild(word) { $0 + "*" } : "=" + word }
        case .substring:
            parts = escaped.map { word in wild(word) { "*" + $0 + "*" } }
        }
        let kept = parts.compactMap { $0 }
        return kept.isEmpty ? nil : "(" + kept.joined(separator: " ") + ")"
    }
}

extension Query {
    /// Whether a `field:VALUE` value compares as a number (`price:5`).
    static func isNumberText(_ text: String) -> Bool {
        Double(text) != nil
    }
}
