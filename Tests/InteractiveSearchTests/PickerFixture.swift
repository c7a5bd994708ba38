import Foundation
import InteractiveSearch
import ResultKit
import ResultOutput
import SearchEngine
import TestSupport

/// Records written to a real file, loaded as the picker loads them, with a
/// registry of one kind made for tests.
struct PickerFixture {
    let registry: KindRegistry
    let records: LoadedRecords
    let live: LiveSearch

    /// - Parameters:
    ///   - lines: NDJSON lines of `kind`'s records.
    ///   - kind: Their kind, the one kind of the registry: `note` unless given.
    init(lines: [String], limit: Int = 1000, kind: ResultKind = noteKind()) throws {
        registry = try KindRegistry([kind])
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("picker-\(UUID().uuidString).jsonl")
        try Data(lines.joined(separator: "\n").utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var problems: [Diagnostic] = []
        records = LoadedRecords(
            sources: [.path(file.path)], reader: RecordReader(registry: registry, defaultKind: kind.name),
            diagnose: { problems.append($0) })
        precondition(problems.isEmpty, "\(problems)")
        live = LiveSearch(
            records: records, registry: registry,
            options: SearchOptions(limit: limit, kinds: [kind.name], keepsRecords: true), wake: {})
    }

    /// Notes named by `names`.
    init(names: [String]) throws {
        try self.init(lines: names.map { #"{"name":"\#($0)"}"# })
    }

    func hits(_ query: String) -> [SearchHit] {
        guard case .success(let hits)? = live.searchNow(query)?.result else { return [] }
        return hits
    }
}
