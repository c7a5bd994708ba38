import Testing

@testable import relevance

@Suite struct RelevanceReportTests {
    private func outcome(_ query: String, shown: [String], grades: [String: Int], refusal: String? = nil)
        -> RelevanceBench.Outcome
    {
        RelevanceBench.Outcome(
            set: "s", query: JudgedQuery(query: query, type: "exact"), grades: grades,
            search: shown.map { RankedResult(key: $0, how: "") }, searchRefusal: refusal,
            searchScore: RelevanceScore(ranked: shown, grades: grades))
    }

    @Test func theWeakestListNamesWhatSearchDidNotShow() {
        let report = RelevanceReport(
            outcomes: [
                outcome("good", shown: ["a:x"], grades: ["a:x": 3]),
                outcome("part", shown: ["a:x", "a:z"], grades: ["a:x": 3, "a:y": 1]),
            ], withFzf: false)
        let text = report.weakest()
        #expect(text.contains("lowest (nDCG@10 < 1): 1,"))
        #expect(text.contains("- \"part\" (exact)"))
        #expect(text.contains("not in its top 10: a:y (1)"))
        #expect(!text.contains("\"good\""))
    }

    @Test func aRefusedQueryIsListedWithSearchsError() {
        let report = RelevanceReport(
            outcomes: [outcome("http://x/", shown: [], grades: ["d:x": 3], refusal: "exit 2: error: unknown field")],
            withFzf: false)
        #expect(report.refusals().contains("- \"http://x/\": exit 2: error: unknown field"))
        #expect(report.wrongTops().contains("refused (exit 2: error: unknown field)"))
    }
}
