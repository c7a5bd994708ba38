package import TextMatching

/// What the scorer reads of one record: the texts of its kind's search fields with their
/// weights, and the values its filters read.
///
/// The engine hands the scorer a parsed record (``JSONScoredRecord``); the picker hands it the
/// texts its index keeps. Either way ``Scorer/rank(_:)`` is the one function that says whether
/// the record matches and how it ranks.
package protocol ScoredRecord {
    /// How many search fields the record's kind has.
    var fieldCount: Int { get }
    /// The name of the search field at `index`.
    func fieldName(at index: Int) -> String
    /// The weight of the search field at `index`.
    func fieldWeight(at index: Int) -> Int
    /// The text of the search field at `index`, or `nil` when the record has none.
    func fieldText(at index: Int) -> String?
    /// Whether the query's word at `condition` (its phrase at the query's condition count) may
    /// match the search field at `index` with a strength of `bound` or better (any when `nil`).
    /// `false` only where it cannot: the scorer then skips the field without matching it, so
    /// that a conformer may prune by what it knows of the text, never rank.
    func mayMatch(condition: Int, field index: Int, atLeast bound: MatchStrength?) -> Bool
    /// A field's value for filters and `field:value` terms: a search field by name, else the
    /// record's field as written; `nil` when absent or null.
    func value(of field: String) -> FieldValue?
}

extension ScoredRecord {
    package func mayMatch(condition: Int, field index: Int, atLeast bound: MatchStrength?) -> Bool { true }
}
