import SearchEngine

/// One statement's worth of candidates, read page by page in an order that
/// the search's own order can only follow: every record of the stream's
/// class that it has not yet given is at or after ``bound(after:)`` of the
/// last row it gave. Pages follow one another by the values of the order
/// (the keyset), so no page asks `searchd` for more than its own rows.
struct CandidateStream: Sendable {
    /// One key of the order: an integer expression over the attributes.
    struct OrderKey: Sendable {
        var expression: String
        var descending: Bool
    }

    /// What `--explain` calls the stream.
    var label: String
    /// The full-text expression every record of the class satisfies; `nil`
    /// when the cluster cannot narrow the class (every record is a candidate).
    var match: String?
    /// Attribute conditions every record of the class satisfies.
    var conditions: [String]
    /// The order, its last key unique (`seq` or `id`).
    var order: [OrderKey]
    /// The best place a record of the class can have before any row is read.
    var initialBound: KeyBound
    /// The best place of a record of the class after the row whose order
    /// values are `values`.
    var bound: @Sendable (_ values: [Int64]) -> KeyBound
    /// When records are fetched, in the order of stages: a stream is read
    /// only once every stream of an earlier stage is done or cannot change
    /// the page (a stage is a band of the ranking, or a part of a sort).
    var stage: Int

    /// The universal best rank: no record ranks before it.
    static let bestRank = Rank(
        tier: nil, strength: nil, weight: Int.max, quality: Int.max, fieldLength: Int.min, order: Int.min)

    /// A stream whose records all stand at `bound` but for their order:
    /// read to its end before anything at that place is certain. Any order
    /// serves, so it is read by id, the order `searchd` gives most cheaply:
    /// the next page is a plain `id >` filter, which it checks before
    /// anything else, where a computed condition would evaluate every match
    /// again (a stream of millions then took minutes, see docs/cluster.md).
    static func inLoadOrder(label: String, match: String?, conditions: [String], bound: KeyBound, stage: Int)
        -> CandidateStream
    {
        CandidateStream(
            label: label, match: match, conditions: conditions, order: [OrderKey(expression: "id", descending: false)],
            initialBound: bound, bound: { _ in bound }, stage: stage)
    }

    /// The SphinxQL condition true of the rows after the one whose order
    /// values are `values`, and whether `WHERE` takes it as it is: a lone
    /// attribute compared with a number. `searchd` takes no `OR` there, so
    /// any other is selected as a column and that column compared.
    func after(_ values: [Int64]) -> (condition: String, isFilter: Bool) {
        var condition = ""
        for (key, value) in zip(order, values).reversed() {
            let beyond = "\(key.expression) \(key.descending ? "<" : ">") \(value)"
            condition =
                condition.isEmpty ? beyond : "(\(beyond)) OR (\(key.expression) = \(value) AND (\(condition)))"
        }
        let isAttribute =
            order.count == 1
            && order[0].expression.utf8.allSatisfy {
                $0 == 0x5F || (0x61...0x7A).contains($0) || (0x30...0x39).contains($0)
            }
        return (condition, isAttribute)
    }
}
