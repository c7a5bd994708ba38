import Foundation
import InteractiveSearch
import ResultKit
import SearchEngine
import TestSupport
import Testing

/// Words typed after the first are ranked from the index among the records
/// the first matched, by the scorer's own rule: the phrase rule included.
@Suite struct SubsetRankingTests {
    /// `queen of` equals the start of "Queen of Hearts", which ranks it first
    /// (the phrase rule), though each word alone ranks many records with a
    /// shorter name before it. The picker, ranking `queen of` among the
    /// matches of `queen ` from its index and building only its first rows,
    /// shows it first, as a one-shot search does.
    @Test func wordsThatBeginANameTogetherRankItFirst() throws {
        var names = ["Queen of Hearts"]
        names += (0..<40).map { "Of Queen \($0)" }
        names += (0..<40).map { "Rose \($0)" }
        let registry = try KindRegistry([noteKind()])
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("phrase-\(UUID().uuidString).jsonl")
        try Data(names.map { #"{"kind":"note","name":"\#($0)"}"# }.joined(separator: "\n").utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let records = LoadedRecords(
            sources: [.path(file.path)], reader: RecordReader(registry: registry), diagnose: { _ in })
        let options = SearchOptions(limit: 20, keepsRecords: false)
        let live = LiveSearch(records: records, registry: registry, options: options, firstRows: 5, wake: {})
        #expect(live.buildIndexNow())
        var last: LiveSearch.Outcome?
        for typed in ["q", "qu", "que", "quee", "queen", "queen ", "queen o", "queen of"] {
            last = live.searchNow(typed)
        }
        let picked = try #require(last)
        #expect(picked.indexed && picked.narrowed, "ranked among the matches of `queen ` from the index")
        let oneShot = try SearchEngine.search(
            sources: [DataSource.path(file.path)], query: QueryParser().parse("queen of"), options: options,
            registry: registry, diagnose: { _ in })
        #expect(oneShot.hits.first?.row.name == "Queen of Hearts")
        let hits = try picked.result.get()
        #expect(hits.first?.row.name == "Queen of Hearts")
        #expect(hits.map(\.row.name) == Array(oneShot.hits.map(\.row.name).prefix(hits.count)))
    }
}
