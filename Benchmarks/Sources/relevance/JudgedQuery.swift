import BenchSupport
import FoundationEssentials

/// One query of the judged set, with the results a person wants for it.
///
/// Grades follow the usual graded-relevance scale: 3 for the exact thing
/// meant, 2 for clearly relevant, 1 for acceptable. A result that is not
/// listed has grade 0.
struct JudgedQuery: Decodable, Sendable {
    /// The text typed, passed to each tool as one argument.
    var query: String
    /// What the query exercises: exact, prefix, typo, CJK, ...
    var type: String
    /// Why the judgments are what they are.
    var note: String
    /// `kind:name` keys by grade ("3", "2", "1").
    var relevant: [String: [String]]
    /// `kind:name` keys that must not appear in the first ten results: junk
    /// a person would never want for this query (`must_not` in the file).
    var mustNot: [String]

    /// Whether the query is junk that should find nothing (type `junk`,
    /// nothing judged relevant): search must print nothing and exit 1.
    var expectsNothing: Bool { type == "junk" && relevant.isEmpty }

    private enum CodingKeys: String, CodingKey {
        case query, type, note, relevant
        case mustNot = "must_not"
    }

    init(query: String, type: String, note: String = "", relevant: [String: [String]] = [:], mustNot: [String] = []) {
        self.query = query
        self.type = type
        self.note = note
        self.relevant = relevant
        self.mustNot = mustNot
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        query = try container.decode(String.self, forKey: .query)
        type = try container.decode(String.self, forKey: .type)
        note = try container.decode(String.self, forKey: .note)
        relevant = try container.decode([String: [String]].self, forKey: .relevant)
        mustNot = try container.decodeIfPresent([String].self, forKey: .mustNot) ?? []
    }

    /// The grade of each judged `kind:name` key.
    var grades: [String: Int] {
        var result: [String: Int] = [:]
        for (grade, keys) in relevant {
            guard let value = Int(grade) else { continue }
            for key in keys { result[key] = max(result[key] ?? 0, value) }
        }
        return result
    }

    /// Checks the grades of a judged set read from `path`.
    /// - Throws: ``BenchmarkError`` for a grade other than 1, 2 or 3, or a
    ///   query that judges nothing without being junk.
    static func validate(_ queries: [JudgedQuery], path: String) throws(BenchmarkError) {
        for query in queries {
            for grade in query.relevant.keys where !["1", "2", "3"].contains(grade) {
                throw BenchmarkError("\(path): query '\(query.query)' has grade '\(grade)'; grades are 1, 2 and 3")
            }
            if query.relevant.isEmpty && !query.expectsNothing {
                throw BenchmarkError("\(path): query '\(query.query)' judges no result")
            }
        }
    }
}
