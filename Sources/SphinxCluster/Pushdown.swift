package import SearchEngine

/// The query's numeric filters and `--sort` as SphinxQL over the `attrs`
/// JSON attribute, so that the cluster returns only records that can pass
/// them, ordered as the sort asks.
///
/// Every condition pushed lets through at least what our scorer accepts,
/// which still checks each record:
/// - a missing key would pass a JSON filter, so each is guarded with
///   `IS NOT NULL`, as our filters fail on a missing field;
/// - values are compared through `DOUBLE()` against decimal literals: an
///   integer literal would compare `10.5 > 10` as `10 > 10`;
/// - `attrs` holds numbers written as text (from CSV) as numbers, as our
///   filters read them.
///
/// Not pushed: negated conditions, text conditions (`field:value`), fields
/// that are a kind's search field (computed, or read from the search text),
/// and names that are not plain identifiers.
package struct Pushdown: Sendable {
    /// Expressions added to the select list (`DOUBLE(attrs.price) AS v0`).
    package private(set) var selected: [String] = []
    /// Conditions for the WHERE clause.
    package private(set) var conditions: [String] = []
    /// The ORDER BY of the statement that fetches by the sort field, when
    /// `--sort` names a field that can be pushed.
    package private(set) var sortOrder: String?
    /// The condition that statement adds: the sort field is present.
    package private(set) var sortCondition: String?

    /// - Parameters:
    ///   - query: The query, whose positive numeric filters are pushed.
    ///   - sort: `--sort`, pushed as the order of one more statement.
    ///   - searchFields: The names of every kind's search fields.
    package init(query: Query, sort: FieldSort?, searchFields: Set<String>) {
        func pushable(_ field: String) -> String? {
            guard let first = field.unicodeScalars.first, first == "_" || Self.isLetter(first),
                field.unicodeScalars.allSatisfy({ $0 == "_" || Self.isLetter($0) || ("0"..."9").contains($0) }),
                !searchFields.contains(field), field.lowercased() != "kind"
            else { return nil }
            return "attrs.\(field)"
        }
        func value(_ path: String) -> String {
            let alias = "v\(selected.count)"
            selected.append("DOUBLE(\(path)) AS \(alias)")
            conditions.append("\(path) IS NOT NULL")
            return alias
        }
        for condition in query.conditions where !condition.negated {
            switch condition.clause {
            case .compare(let field, let op, let number):
                guard let path = pushable(field) else { continue }
                conditions.append("\(value(path)) \(op.rawValue) \(Self.literal(number))")
            case .range(let field, let lower, let upper):
                guard let path = pushable(field) else { continue }
                let alias = value(path)
                if let lower { conditions.append("\(alias) >= \(Self.literal(lower))") }
                if let upper { conditions.append("\(alias) <= \(Self.literal(upper))") }
            case .exists(let field):
                guard let path = pushable(field) else { continue }
                conditions.append("\(path) IS NOT NULL")
            case .text, .fieldText:
                continue
            }
        }
        if let sort, let path = pushable(sort.field) {
            selected.append("DOUBLE(\(path)) AS sortkey")
            sortCondition = "\(path) IS NOT NULL"
            sortOrder = "sortkey \(sort.descending ? "DESC" : "ASC"), seq ASC"
        }
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    /// `5.0`, `-2.5`, `1e+20`: always a decimal literal.
    static func literal(_ number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 { return "\(Int64(number)).0" }
        return "\(number)"
    }
}
