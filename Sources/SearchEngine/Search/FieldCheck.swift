package import ResultKit
import StreamingJSON
import TerminalTable
import TextMatching

/// Checks that fields named in the query, `--sort` and `--fields` exist in
/// some kind in play, and lists the valid ones when they do not. The engine
/// checks the query's and the sort's after reading (records of unknown kinds
/// bring fields of their own); the printer checks `--fields`. Time grows
/// with the fields and records, never with their product.
package enum FieldCheck {
    /// The most field names an error lists; records may have many thousands.
    static let maxListed = 50

    /// The fields every kind in play declares, plus `kind` and `name`.
    package static func knownFields(registry: KindRegistry, session: SearchSession) -> [String] {
        var fields = OrderedNames(["kind", "name"])
        for kind in registry.kinds where session.includes(kindNamed: kind.name) {
            for field in kind.fields { fields.add(field) }
        }
        return fields.names
    }

    /// The message (without `error: `, safe to print) for the first unknown
    /// field, or nil. Fields of
    /// records of unknown kinds (`seenFields`) count as known.
    package static func unknownFields(
        query: Query,
        sort: FieldSort?,
        registry: KindRegistry,
        session: SearchSession,
        seenFields: Set<String>
    ) -> String? {
        let declared = Set(knownFields(registry: registry, session: session))
        let named = query.referencedFields + (sort.map { [$0.field] } ?? [])
        guard let unknown = named.first(where: { !declared.contains($0) && !seenFields.contains($0) }) else {
            return nil
        }
        // Listed: the fields of records in play, those their kinds declare
        // first; not those of kinds no record of which was read.
        var known = OrderedNames(["kind", "name"])
        for kind in registry.kinds where session.seenKindNames.contains(kind.name) {
            for field in kind.fields { known.add(field) }
        }
        for field in seenFields.sorted() { known.add(field) }
        return "unknown field '\(TerminalText.sanitize(unknown))': no record searched has it\n"
            + suggestion(for: unknown, among: known.names)
            + "Available fields: \(TerminalText.sanitize(list(known.names)))"
    }

    /// A "did you mean" line naming the closest of `fields` to `name`, or
    /// nothing when none is close.
    static func suggestion(for name: String, among fields: [String]) -> String {
        guard let best = EditDistance.closest(to: name, in: fields, maxDistance: name.count >= 4 ? 2 : 1).first
        else { return "" }
        return "hint: did you mean '\(TerminalText.sanitize(best))'?\n"
    }

    /// The message (without `error: `, safe to print) for `--fields` naming a
    /// field no result or kind has, or nil. The
    /// results are read only as far as it takes to find every field named.
    package static func unknownOutputFields(_ fields: [String], hits: [SearchHit], registry: KindRegistry) -> String? {
        var known = OrderedNames(["kind", "name"])
        for kind in registry.kinds {
            for field in kind.fields { known.add(field) }
        }
        var missing = Set(fields.filter { !known.contains($0) })
        for hit in hits where !missing.isEmpty {
            for member in hit.record.object.members { missing.remove(member.key) }
        }
        guard let unknown = fields.first(where: { missing.contains($0) }) else { return nil }
        // Listed: the fields of the results, those their kinds declare
        // first; not those of kinds no result has.
        var listed = OrderedNames(["kind", "name"])
        var kindsListed = Set<ObjectIdentifier>()
        for hit in hits where kindsListed.insert(hit.kindIdentity).inserted {
            for field in hit.kind.fields { listed.add(field) }
        }
        for hit in hits {
            for member in hit.record.object.members { listed.add(member.key) }
        }
        return "unknown field '\(TerminalText.sanitize(unknown))' in --fields\n"
            + suggestion(for: unknown, among: listed.names)
            + "Available fields: \(TerminalText.sanitize(list(listed.names)))"
    }

    /// The message (without `error: `, safe to print) for a field named by
    /// the query or the sort that a record holds as an object or an array.
    static func unorderedField(_ unordered: UnorderedField, sort: FieldSort?) -> String {
        let field = TerminalText.sanitize(unordered.field)
        let header =
            String(field.prefix(1)).uppercased() + field.dropFirst() + (unordered.typeName == "an array" ? "" : " KEY")
        let inside = unordered.typeName == "an array" ? "*" : "KEY"
        let use = sort?.field == unordered.field ? "cannot sort by '\(field)'" : "cannot filter on '\(field)'"
        return "\(use): it is \(unordered.typeName) in records of kind \(TerminalText.sanitize(unordered.kind)) "
            + "(\(TerminalText.sanitize(unordered.file))); sorting and filters compare text, numbers and dates\n"
            + "hint: name a value inside it with a kind spec column, such as {\"header\": \"\(header)\", "
            + "\"path\": \"/\(field)/\(inside)\"} (\(inside == "*" ? "every element, joined" : "one of its keys")), then "
            + "filter or sort by the header"
    }

    /// `names` joined, at most ``maxListed`` of them.
    static func list(_ names: [String]) -> String {
        let shown = names.prefix(maxListed).joined(separator: ", ")
        return names.count > maxListed ? shown + ", and \(names.count - maxListed) more" : shown
    }
}

/// Names in the order first added, each once, with a constant-time lookup.
private struct OrderedNames {
    private(set) var names: [String] = []
    private var set: Set<String> = []

    init(_ names: [String]) {
        for name in names { add(name) }
    }

    mutating func add(_ name: String) {
        if set.insert(name).inserted { names.append(name) }
    }

    func contains(_ name: String) -> Bool { set.contains(name) }
}
