import ResultKit
import SearchEngine
import TerminalTable
import TextMatching

/// What `search` says on stderr about the results as a whole, for a person
/// at a terminal: that nothing matched, that more matched than are shown,
/// or that the matches shown are approximate.
///
/// Said only when standard error is a terminal and `--quiet` is not given,
/// so that a script reading the output, or its errors, sees no change.
enum Feedback {
    /// The lines to say about `result`, each ending with a line feed.
    /// - Parameters:
    ///   - result: What the search found.
    ///   - query: The query as typed.
    ///   - offset: How many results `--offset` skipped.
    static func lines(for result: SearchResult, query: String, offset: Int) -> [String] {
        let hits = result.hits
        let shown = hits.count
        guard shown > 0 else {
            let trimmed = query.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
            return [trimmed.isEmpty ? "no results\n" : "no results for \"\(TerminalText.sanitize(trimmed))\"\n"]
        }
        var lines: [String] = []
        // Every result matched its words only with typos or fuzzily: none matched them as typed.
        if hits.allSatisfy({ $0.rank.tier.map { $0 >= .typo } ?? false }) {
            lines.append("no exact matches; showing approximate matches\n")
        }
        let matched = result.statistics.matched
        if matched > offset + shown {
            let range = offset > 0 ? "\(offset + 1)–\(offset + shown)" : "\(shown)"
            let total = result.statistics.matchedIsLowerBound ? "at least \(matched)" : "\(matched)"
            lines.append("showing \(range) of \(total) (--limit to see more)\n")
        }
        return lines
    }

    /// Says ``lines(for:query:offset:)`` on standard error, through
    /// `output`, when it is a terminal, unless `quiet`.
    static func report(_ result: SearchResult, query: String, offset: Int, quiet: Bool, output: Output) {
        guard output.console.errorIsTerminal, !quiet else { return }
        for line in lines(for: result, query: query, offset: offset) { output.error(line) }
    }
}
