package import ResultKit

/// A column named by its header in a filter or `--sort` (`about:coffee`,
/// `--sort about`) means the field the column shows, as a user reading the
/// table would expect, when no kind declares a field of that name.
///
/// A header that two kinds give to different fields names neither, and a
/// header that is not one word cannot be typed as a field name.
package enum ColumnHeaders {
    /// Header (lower-cased) to field, for every column whose header is not
    /// already a field name of some kind.
    static func aliases(in registry: KindRegistry) -> [String: String] {
        var declared: Set<String> = ["kind", "name"]
        for kind in registry.kinds {
            declared.formUnion(kind.fields)
        }
        var aliases: [String: String] = [:]
        var ambiguous = Set<String>()
        for kind in registry.kinds {
            for column in kind.columns {
                let header = column.header.lowercased()
                guard header != column.field, !declared.contains(header),
                    header.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" })
                else { continue }
                if let field = aliases[header], field != column.field { ambiguous.insert(header) }
                aliases[header] = column.field
            }
        }
        for header in ambiguous { aliases[header] = nil }
        return aliases
    }

    /// `fields` (of `--fields`) with every column header among them replaced by its field.
    package static func resolve(fields: [String], registry: KindRegistry) -> [String] {
        let aliases = aliases(in: registry)
        return fields.map { aliases[$0.lowercased()] ?? $0 }
    }

    /// `query` and `sort` with every column header they name replaced by its field.
    static func resolve(_ query: Query, sort: FieldSort?, registry: KindRegistry) -> (Query, FieldSort?) {
        let named = query.referencedFields + (sort.map { [$0.field] } ?? [])
        guard !named.isEmpty else { return (query, sort) }
        let aliases = aliases(in: registry)
        guard named.contains(where: { aliases[$0] != nil }) else { return (query, sort) }
        var query = query
        query.conditions = query.conditions.map { condition in
            var condition = condition
            condition.clause = condition.clause.renamingField { aliases[$0] ?? $0 }
            return condition
        }
        var sort = sort
        if let field = sort?.field, let alias = aliases[field] { sort?.field = alias }
        return (query, sort)
    }
}

extension Query.Clause {
    /// The clause with its field, if it names one, renamed by `rename`.
    func renamingField(_ rename: (String) -> String) -> Query.Clause {
        switch self {
        case .text: self
        case .fieldText(let field, let pattern, let raw): .fieldText(field: rename(field), pattern, raw: raw)
        case .compare(let field, let op, let value): .compare(field: rename(field), op, value)
        case .range(let field, let lower, let upper): .range(field: rename(field), lower: lower, upper: upper)
        case .exists(let field): .exists(field: rename(field))
        }
    }
}
