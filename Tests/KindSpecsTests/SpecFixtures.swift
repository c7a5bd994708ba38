import Foundation
import KindSpecs
import ResultKit
import SearchEngine
import StreamingJSON
import Testing

/// Shared helpers for the kind spec tests: the shipped examples, temporary
/// kinds folders, and a search over records of spec kinds.
enum SpecFixtures {
    /// The package root, found from this file.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Examples/kinds`, where the shipped specs and their samples are.
    static let examples = packageRoot.appendingPathComponent("Examples/kinds").path

    /// 2025-06-01T00:00:00Z, the fixed "now" of relative dates in tests.
    static let now: Int64 = 1_748_736_000

    /// The shipped example specs, which must load without a single error.
    static func exampleSpecs() throws -> [KindSpec] {
        let loaded = KindSpecLoader.load(directories: [examples], referenceTime: now)
        #expect(loaded.errors.map(\.description) == [])
        return loaded.specs
    }

    /// A spec parsed from text, failing the test with every error when invalid.
    static func spec(_ text: String, file: String = "test.kind.json") throws -> KindSpec {
        switch KindSpecLoader.parse(text, file: file, referenceTime: now) {
        case .success(let spec): return spec
        case .failure(let failure): throw failure
        }
    }

    /// The errors of an invalid spec, as printed.
    static func errors(_ text: String, file: String = "weather.kind.json") -> [String] {
        switch KindSpecLoader.parse(text, file: file, referenceTime: now) {
        case .success: return []
        case .failure(let failure): return failure.errors.map(\.description)
        }
    }

    /// Every record of a data file, read with the readers the command uses.
    static func records(_ path: String, registry: KindRegistry) -> [Record] {
        var records: [Record] = []
        RecordReader(registry: registry).read(.path(path), record: { records.append($0) }, diagnose: { _ in })
        return records
    }

    /// Records from NDJSON text, each at `test.jsonl:LINE`.
    static func records(ndjson: String) throws -> [Record] {
        try ndjson.split(separator: "\n").enumerated().map { index, line in
            let object = try #require(try JSONParser().parse(String(line)).objectValue)
            return Record(object: object, location: SourceLocation(file: "test.jsonl", line: index + 1))
        }
    }

    /// Runs a search the way the command does and returns the hits and the
    /// diagnostics.
    static func search(
        _ query: String,
        registry: KindRegistry,
        records: [Record],
        options: SearchOptions = SearchOptions(limit: 10)
    ) throws -> (hits: [SearchHit], diagnostics: [Diagnostic]) {
        var session = SearchSession(registry: registry, query: try QueryParser().parse(query), options: options)
        var diagnostics: [Diagnostic] = []
        for record in records {
            session.consider(record) { diagnostics.append($0) }
        }
        return (session.finish().hits, diagnostics)
    }

    /// A fresh folder under the system's temporary folder, removed by `body`'s end.
    static func withTemporaryDirectory<T>(_ body: (URL) throws -> T) throws -> T {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("kindspec-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try body(directory)
    }

    /// Writes `text` to `name` inside `directory`.
    static func write(_ text: String, to name: String, in directory: URL) throws {
        try Data(text.utf8).write(to: directory.appendingPathComponent(name))
    }
}
