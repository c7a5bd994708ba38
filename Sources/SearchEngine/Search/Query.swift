public import TextMatching

/// A parsed search query: words that must all match, and filters.
///
/// Parse once with ``QueryParser``, then evaluate against every record.
public struct Query: Sendable {
    /// One condition of the query.
    public enum Clause: Sendable {
        /// A word or a quoted phrase, matched against every search field.
        case text(MatchPattern, raw: String)
        /// `field:value`: a text matched against one field.
        case fieldText(field: String, MatchPattern, raw: String)
        /// `field<5`, `field>=4` and the like.
        case compare(field: String, ComparisonOperator, Double)
        /// `field:1..10`, both ends included; either end may be open.
        case range(field: String, lower: Double?, upper: Double?)
        /// `field:*`: the field is present and not null.
        case exists(field: String)
    }

    /// A numeric comparison.
    public enum ComparisonOperator: String, Sendable {
        case less = "<"
        case lessOrEqual = "<="
        case greater = ">"
        case greaterOrEqual = ">="
        case equal = "="

        func holds(_ left: Double, _ right: Double) -> Bool {
            switch self {
            case .less: left < right
            case .lessOrEqual: left <= right
            case .greater: left > right
            case .greaterOrEqual: left >= right
            case .equal: left == right
            }
        }
    }

    /// A clause, possibly negated with a leading `-`.
    public struct Condition: Sendable {
        public var clause: Clause
        public var negated: Bool
    }

    /// The query as typed.
    public var text: String
    /// Every condition, in the order typed; all must hold.
    public var conditions: [Condition]
    /// The kinds named by `kind:` terms (lower-cased); empty means any.
    public var kinds: [String]
    /// The kinds named by `-kind:` terms (lower-cased), whose records are left out.
    public var excludedKinds: [String] = []

    /// The positive text clauses, which rank the results.
    var rankingTerms: [Condition] {
        conditions.filter { condition in
            guard !condition.negated else { return false }
            switch condition.clause {
            case .text, .fieldText: return true
            case .compare, .range, .exists: return false
            }
        }
    }

    /// The field names the query refers to, for validation.
    public var referencedFields: [String] {
        conditions.compactMap { condition in
            switch condition.clause {
            case .text: nil
            case .fieldText(let field, _, _), .compare(let field, _, _), .range(let field, _, _), .exists(let field):
                field
            }
        }
    }

    /// The number a `field:VALUE` value spells in decimal (`5`, `-2.5`,
    /// `1e3`), which compares equal on a field whose value is a number; nil
    /// for any other text (`nan`, `0x10`, `5kg`).
    package static func number(_ text: String) -> Double? {
        guard let first = text.first, first.isASCII, first.isNumber || "+-.".contains(first),
            text.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }),
            let number = Double(text), number.isFinite
        else { return nil }
        return number
    }

    /// True when the query has no condition at all: it lists everything.
    public var isEmpty: Bool { conditions.isEmpty }
}
