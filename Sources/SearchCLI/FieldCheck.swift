import ResultKit
import SearchEngine
import StreamingJSON
import TerminalTable

/// Checks that fields named in the query, `--sort` and `--fields` exist in
/// some kind in play, and lists the valid ones when they do not.
enum FieldCheck {
    /// The fields every kind in play declares, plus `kind` and `name`.
    static func knownFields(registry: KindRegistry, session: SearchSession) -> [String] {
        var fields = ["kind", "name"]
        for kind in registry.kinds where session.includes(kindNamed: kind.name) {
            for field in kind.fields where !fields.contains(field) { fields.append(field) }
        }
        return fields
    }

    /// An error message for the first unknown field, or nil. Fields of
    /// records of unknown kinds (`seenFields`) count as known.
    static func unknownFields(
        query: Query,
        sort: FieldSort?,
        registry: KindRegistry,
        session: SearchSession,
        seenFields: Set<String>
    ) -> String? {
        let known = knownFields(registry: registry, session: session)
        let named = query.referencedFields + (sort.map { [$0.field] } ?? [])
        guard let unknown = named.first(where: { !known.contains($0) && !seenFields.contains($0) }) else { return nil }
        let valid = known + seenFields.sorted().filter { !known.contains($0) }
        return "error: unknown field '\(TerminalText.sanitize(unknown))': no record searched has it\n"
            + suggestion(for: unknown, among: valid)
            + "Available fields: \(TerminalText.sanitize(valid.joined(separator: ", ")))\n"
    }

    /// A "did you mean" line naming the closest of `fields` to `name`, or
    /// nothing when none is close.
    static func suggestion(for name: String, among fields: [String]) -> String {
        let scored = fields.map { ($0, ArgumentParser.editDistance(name.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= (name.count >= 4 ? 2 : 1) else { return "" }
        return "hint: did you mean '\(TerminalText.sanitize(best.0))'?\n"
    }

    /// An error for `--fields` naming a field no result or kind has.
    static func unknownOutputFields(_ fields: [String], hits: [SearchHit], registry: KindRegistry) -> String? {
        var known = ["kind", "name"]
        for kind in registry.kinds {
            for field in kind.fields where !known.contains(field) { known.append(field) }
        }
        for hit in hits {
            for key in hit.record.object.keys where !known.contains(key) { known.append(key) }
        }
        guard let unknown = fields.first(where: { !known.contains($0) }) else { return nil }
        return "error: unknown field '\(TerminalText.sanitize(unknown))' in --fields\n"
            + suggestion(for: unknown, among: known)
            + "Available fields: \(TerminalText.sanitize(known.joined(separator: ", ")))\n"
    }
}
