package import SearchEngine

/// The full-text expressions that find a query's candidates in the cluster,
/// one per kind of match our scorer ranks apart: whole words (`=w`), the
/// start of words (`w*`), and substrings (`*w*`). Each finds a superset of
/// the one before, so the substring expression finds every candidate, and
/// the narrower ones make sure the best are among those fetched when more
/// records match than are fetched. Within each, the statement's ranker puts
/// a field that equals the query first, then a match at the field's start
/// (see ``TierQuery/ranker``), as our ranking does.
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

    /// Whether the query is one word (one term of one indexed word), which
    /// matches within one field.
    package var isOneWord: Bool { terms.count == 1 && terms[0].count == 1 }

    /// One `MATCH()` body per strength, best first, limited to `fields`
    /// (`f0`, or `(f0,f1)`), unescaped for SQL.
    package func expressions(in fields: String) -> [String] {
        Strength.allCases.map { strength in
            "@\(fields) " + terms.map { Self.expression(strength, words: $0) }.joined(separator: " ")
        }
    }

    /// Whether the expression at `index` of ``expressions(in:)`` ranks an
    /// exact field and a match at its start first. A substring ranks the
    /// same wherever it is.
    package static func ranksStartFirst(_ index: Int) -> Bool {
        Strength.allCases[index] != .substring
    }

    /// The ranker that orders a statement's matches as our strengths do:
    /// the field equals the query (2), the match starts the field (1).
    /// Weighted by the fields searched, it is 0 for a match elsewhere.
    package static let ranker = "ranker=expr('sum((exact_hit*2+(min_hit_pos==1))*user_weight)')"

    enum Strength: CaseIterable { case word, wordPrefix, substring }

    /// One term's expression: its words, each escaped; a whole word is
    /// `=w`. A wildcard needs two characters, so a one-character word is
    /// matched as a whole word.
    private static func expression(_ strength: Strength, words: [String]) -> String {
        let escaped = words.map(SphinxQLText.fullTextEscaped)
        let last = escaped.count - 1
        func starred(_ word: String, _ pattern: (String) -> String) -> String {
            word.count >= 2 ? pattern(word) : "=" + word
        }
        let parts: [String]
        switch strength {
        case .word:
            parts = escaped.map { "=" + $0 }
        case .wordPrefix:
            parts = escaped.enumerated().map { index, word in index == last ? starred(word) { $0 + "*" } : "=" + word }
        case .substring:
            parts = escaped.map { word in starred(word) { "*" + $0 + "*" } }
        }
        return "(" + parts.joined(separator: " ") + ")"
    }
}
