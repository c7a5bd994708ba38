import ResultKit
import SearchEngine
import TerminalTable
import TextMatching

/// What `search` says about the results as a whole, for a person at a
/// terminal: that nothing matched, or that some matched but none is shown
/// (`--limit 0`, an `--offset` past the end), that more matched than are
/// shown, that the matches shown are approximate, and which columns the
/// table left out to fit.
///
/// Said only when standard output is a terminal and `--quiet` is not given
/// (on standard error, or last in the pager), so that a script reading the
/// output, or its errors, sees no change. Numbers are written as the rest
/// of the terminal's text writes them: `2,653`.
enum Feedback {
    /// The lines to say about `result`, each ending with a line feed.
    /// - Parameters:
    ///   - result: What the search found.
    ///   - query: The query as typed.
    ///   - offset: How many results `--offset` skipped.
    ///   - limit: How many `--limit` allowed.
    ///   - hidden: The columns the table left out to fit `width`.
    ///   - width: The width the table was fitted to.
    static func lines(
        for result: SearchResult, query: String, offset: Int, limit: Int, hidden: [HiddenColumn] = [],
        width: Int? = nil
    ) -> [String] {
        let hits = result.hits
        let shown = hits.count
        let matched = result.statistics.matched
        guard shown > 0 else {
            guard matched > 0 else {
                let trimmed = query.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
                return [trimmed.isEmpty ? "no results\n" : "no results for \"\(TerminalText.sanitize(trimmed))\"\n"]
            }
            let results = "\(DiagnosticCap.grouped(matched)) result\(matched == 1 ? "" : "s")"
            if limit == 0 { return ["\(results), none shown (--limit 0)\n"] }
            return ["\(results), none past --offset \(DiagnosticCap.grouped(offset))\n"]
        }
        var lines: [String] = []
        // Every result matched its words only with typos or fuzzily: none matched them as typed.
        if hits.allSatisfy({ $0.rank.tier.map { $0 >= .typo } ?? false }) {
            lines.append("no exact matches; showing approximate matches\n")
        }
        if matched > offset + shown {
            let range =
                offset > 0
                ? "\(DiagnosticCap.grouped(offset + 1))–\(DiagnosticCap.grouped(offset + shown))"
                : DiagnosticCap.grouped(shown)
            let total =
                result.statistics.matchedIsLowerBound
                ? "at least \(DiagnosticCap.grouped(matched))" : DiagnosticCap.grouped(matched)
            lines.append("showing \(range) of \(total) (--limit to see more)\n")
        }
        if !hidden.isEmpty {
            let fit = width.map { " to fit \(DiagnosticCap.grouped($0)) columns" } ?? ""
            lines.append(
                "hidden\(fit): \(TerminalText.sanitize(HiddenColumn.describe(hidden))) "
                    + "(--wide shows them, or a wider terminal)\n")
        }
        return lines
    }

    /// The one warning about records of kinds no module or spec knows,
    /// naming those kinds among `hits` (what is shown), or `nil` when none is.
    static func unknownKinds(_ hits: [SearchHit], registry: KindRegistry) -> String? {
        var names: [String] = []
        var seen: Set<String> = []
        var records = 0
        // The registry is asked once per kind the hits have.
        for (kind, count) in SearchHit.kindCounts(of: hits) where registry.kind(named: kind.name) == nil {
            records += count
            if seen.insert(kind.name).inserted { names.append(kind.name) }
        }
        guard !names.isEmpty else { return nil }
        // The first ten by name, and how many more: one line however many there are.
        let quoted = names.prefix(10).map { "'\(TerminalText.sanitize($0))'" }
        let list =
            names.count > 10
            ? quoted.joined(separator: ", ") + " and \(DiagnosticCap.grouped(names.count - 10)) more"
            : quoted.count > 1
                ? quoted.dropLast().joined(separator: ", ") + " and " + quoted[quoted.count - 1] : quoted[0]
        let known = registry.kinds.map(\.name).joined(separator: ", ")
        return "warning: unknown kind\(names.count == 1 ? "" : "s") \(list): \(DiagnosticCap.grouped(records)) "
            + "record\(records == 1 ? "" : "s") shown with the generic renderer (known kinds: \(known))\n"
    }
}
