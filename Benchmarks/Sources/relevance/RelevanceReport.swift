import BenchSupport

/// The printed figures of one run of the relevance program.
struct RelevanceReport {
    /// Every query's rankings and scores, in the judged set's order.
    var outcomes: [RelevanceBench.Outcome]
    /// Whether fzf ran.
    var withFzf: Bool

    /// One row per query: type, the four figures, the query and search's top result.
    func perQuery() -> String {
        var headers = ["TYPE", "SEARCH P@1", "SEARCH nDCG@10"]
        if withFzf { headers += ["FZF P@1", "FZF nDCG@10"] }
        headers += ["QUERY", "SEARCH TOP (GRADE)"]
        var table = TextTable(headers: headers, rightAligned: Set(1..<(withFzf ? 5 : 3)))
        for outcome in outcomes {
            var row = [
                outcome.query.type, Self.p1(outcome.searchScore.precisionAt1),
                Self.fixed(outcome.searchScore.ndcg),
            ]
            if withFzf {
                row += [
                    outcome.fzfScore.map { Self.p1($0.precisionAt1) } ?? "",
                    outcome.fzfScore.map { Self.fixed($0.ndcg) } ?? "",
                ]
            }
            row += [Self.quoted(outcome.query.query), Self.top(outcome)]
            table.append(row)
        }
        return "## Per query (P@1: the first result has grade 2 or 3; nDCG@10: linear gain, log2 discount)\n\n"
            + table.render()
    }

    /// Mean figures for each query type and for all queries.
    func means() -> String {
        var headers = ["QUERIES", "TYPE", "SEARCH P@1", "SEARCH nDCG@10", "SEARCH MUST-NOT"]
        if withFzf { headers += ["FZF P@1", "FZF nDCG@10", "FZF MUST-NOT"] }
        var table = TextTable(headers: headers, rightAligned: Set([0] + Array(2..<(withFzf ? 8 : 5))))
        var types: [String] = []
        for outcome in outcomes where !types.contains(outcome.query.type) { types.append(outcome.query.type) }
        for type in types {
            table.append(row(label: type, outcomes.filter { $0.query.type == type }))
        }
        table.append(row(label: "all", outcomes))
        return "## Means\n\n" + table.render()
    }

    /// The queries whose first search result is not a grade 2 or 3 result.
    func wrongTops() -> String {
        let wrong = outcomes.filter { $0.searchScore.precisionAt1 == 0 }
        var text = "## Queries where search's top result is wrong (P@1 = 0): \(wrong.count)\n\n"
        for outcome in wrong {
            text +=
                "- \(Self.quoted(outcome.query.query)): search gave \(Self.top(outcome))"
            text += "; wanted \(Self.best(outcome.grades))\n"
        }
        return text
    }

    /// The queries where search's nDCG@10 is lowest (below 1), worst first, each
    /// with search's first three results and the judged results it did not show.
    func weakest(limit: Int = 10) -> String {
        let weak = outcomes.filter { $0.searchScore.ndcg < 1 - 1e-9 }
            .sorted { $0.searchScore.ndcg < $1.searchScore.ndcg }
        var text =
            "## Queries where search scores lowest (nDCG@10 < 1): \(weak.count), the \(min(limit, weak.count)) lowest\n\n"
        for outcome in weak.prefix(limit) {
            let top = outcome.search.prefix(3).map { Self.describe($0, grades: outcome.grades) }
            text += "- \(Self.quoted(outcome.query.query)) (\(outcome.query.type)) "
            text += "nDCG@10 \(Self.fixed(outcome.searchScore.ndcg)): "
            text += "search gave \(top.isEmpty ? Self.top(outcome) : top.joined(separator: ", "))"
            text += "; not in its top 10: \(Self.missed(outcome))\n"
        }
        return text
    }

    /// The judged results search did not show in its top 10, best grade first.
    private static func missed(_ outcome: RelevanceBench.Outcome) -> String {
        let shown = Set(outcome.search.prefix(RelevanceScore.depth).map(\.key))
        let missing = outcome.grades.filter { !shown.contains($0.key) }
            .sorted { ($1.value, $0.key) < ($0.value, $1.key) }
        guard !missing.isEmpty else { return "none" }
        let listed = missing.prefix(3).map { "\($0.key) (\($0.value))" }.joined(separator: ", ")
        return missing.count > 3 ? "\(listed), … (\(missing.count) in all)" : listed
    }

    /// Mean figures per judged set and over all of them, in `names` order.
    func sets(_ names: [String]) -> String {
        var headers = ["QUERIES", "SET", "SEARCH P@1", "SEARCH nDCG@10", "SEARCH MUST-NOT"]
        if withFzf { headers += ["FZF P@1", "FZF nDCG@10", "FZF MUST-NOT"] }
        var table = TextTable(headers: headers, rightAligned: Set([0] + Array(2..<(withFzf ? 8 : 5))))
        for name in names {
            table.append(row(label: name, outcomes.filter { $0.set == name }))
        }
        if names.count > 1 { table.append(row(label: "combined", outcomes)) }
        return "## Sets (means per query)\n\n" + table.render()
    }

    /// The queries search refused with a query or usage error.
    func refusals() -> String {
        let refused = outcomes.filter { $0.searchRefusal != nil }
        var text = "## Queries search refused (exit 2 or 64; scored as nothing found): \(refused.count)\n\n"
        for outcome in refused {
            text += "- \(Self.quoted(outcome.query.query)): \(outcome.searchRefusal ?? "")\n"
        }
        return text
    }

    /// The queries where search shows a result judged must-not in its top 10.
    func mustNotHits() -> String {
        let hit = outcomes.filter { $0.searchScore.mustNotHits > 0 }
        var text = "## Queries where search shows a must-not result in its top 10: \(hit.count)\n\n"
        for outcome in hit {
            let banned = Set(outcome.query.mustNot)
            let shown = outcome.search.prefix(RelevanceScore.depth).map(\.key).filter { banned.contains($0) }
            text += "- \(Self.quoted(outcome.query.query)): \(shown.joined(separator: ", "))\n"
        }
        return text
    }

    /// The queries where fzf's nDCG@10 or P@1 beats search's.
    func lossesToFzf() -> String {
        let losses = outcomes.filter { outcome in
            guard let fzf = outcome.fzfScore else { return false }
            return fzf.ndcg > outcome.searchScore.ndcg + 1e-9 || fzf.precisionAt1 > outcome.searchScore.precisionAt1
        }
        var text = "## Queries where fzf beats search: \(losses.count)\n\n"
        for outcome in losses {
            let fzf = outcome.fzfScore.map { "P@1 \(Self.p1($0.precisionAt1)), nDCG@10 \(Self.fixed($0.ndcg))" } ?? ""
            text += "- \(Self.quoted(outcome.query.query)): search P@1 \(Self.p1(outcome.searchScore.precisionAt1)), "
            text += "nDCG@10 \(Self.fixed(outcome.searchScore.ndcg)); fzf \(fzf); "
            text += "fzf's top \(Self.describe(outcome.fzf?.first, grades: outcome.grades))\n"
        }
        return text
    }

    /// Every query's top 10 from each tool, each result with its grade.
    func details() -> String {
        var text = "## Top 10 of each query (grade in brackets)\n"
        for outcome in outcomes {
            text +=
                "\n### \(outcome.set): \(Self.quoted(outcome.query.query)) (\(outcome.query.type)): \(outcome.query.note)\n"
            text += "search:\n"
            text += outcome.searchRefusal.map { "  (refused: \($0))\n" } ?? list(outcome.search, grades: outcome.grades)
            if let fzf = outcome.fzf {
                text += "fzf:\n"
                text += list(fzf, grades: outcome.grades)
            }
        }
        return text
    }

    private func list(_ results: [RankedResult], grades: [String: Int]) -> String {
        if results.isEmpty { return "  (nothing)\n" }
        var text = ""
        for (index, result) in results.enumerated() {
            let how = result.how.isEmpty ? "" : "  \(result.how)"
            text += "  \(index + 1). [\(grades[result.key] ?? 0)] \(result.key)\(how)\n"
        }
        return text
    }

    private func row(label: String, _ group: [RelevanceBench.Outcome]) -> [String] {
        let count = Double(group.count)
        var row = [
            "\(group.count)", label,
            Self.fixed(group.map(\.searchScore.precisionAt1).reduce(0, +) / count),
            Self.fixed(group.map(\.searchScore.ndcg).reduce(0, +) / count),
            "\(group.map(\.searchScore.mustNotHits).reduce(0, +))",
        ]
        if withFzf {
            let scores = group.compactMap(\.fzfScore)
            row += [
                Self.fixed(scores.map(\.precisionAt1).reduce(0, +) / count),
                Self.fixed(scores.map(\.ndcg).reduce(0, +) / count),
                "\(scores.map(\.mustNotHits).reduce(0, +))",
            ]
        }
        return row
    }

    /// Search's first result, or its error when it refused the query.
    private static func top(_ outcome: RelevanceBench.Outcome) -> String {
        if let refusal = outcome.searchRefusal { return "refused (\(refusal))" }
        return describe(outcome.search.first, grades: outcome.grades)
    }

    private static func describe(_ result: RankedResult?, grades: [String: Int]) -> String {
        guard let result else { return "nothing" }
        let how = result.how.isEmpty ? "" : ", \(result.how)"
        return "\(result.key) (\(grades[result.key] ?? 0)\(how))"
    }

    /// The judged results of the highest grade, at most three of them.
    private static func best(_ grades: [String: Int]) -> String {
        guard let top = grades.values.max() else { return "nothing" }
        let keys = grades.filter { $0.value == top }.keys.sorted()
        let shown = keys.prefix(3).joined(separator: " | ")
        return keys.count > 3 ? "\(shown) | … (\(keys.count) of grade \(top))" : "\(shown) (grade \(top))"
    }

    private static func quoted(_ text: String) -> String {
        "\"\(text)\""
    }

    private static func p1(_ value: Double) -> String {
        value >= 1 ? "1" : "0"
    }

    private static func fixed(_ value: Double) -> String {
        Format.fixed(value, places: 3)
    }
}
