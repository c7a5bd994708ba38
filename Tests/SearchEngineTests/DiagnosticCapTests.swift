import Foundation
import ResultKit
import SearchEngine
import StreamingJSON
import TestSupport
import Testing

/// Many alike warnings print a few and one summary, are counted exactly,
/// and are never all kept, whichever path reads the file.
@Suite struct DiagnosticCapTests {
    static func writeFile(_ lines: [String]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cap-\(UUID().uuidString).jsonl").path
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Searches `path` in parallel blocks or record by record.
    func run(_ path: String, parallel: Bool, query: String = "tea", kinds: [String] = [])
        throws -> (diagnostics: PrintedDiagnostics, result: SearchResult, session: SearchSession)
    {
        let registry = try KindRegistry([noteKind()])
        var session = SearchSession(
            registry: registry, query: try QueryParser().parse(query),
            options: SearchOptions(limit: 5, kinds: kinds))
        var diagnostics = PrintedDiagnostics()
        if parallel {
            session.searchNDJSONFile(
                path: path, hint: nil, sourceIndex: 1, maxLineBytes: 1 << 20, workers: 3, blockSize: 4096
            ) { diagnostics.add($0) }
        } else {
            RecordReader(registry: registry).read(
                .path(path), record: { record in session.consider(record) { diagnostics.add($0) } },
                diagnose: { diagnostics.add($0) })
        }
        return (diagnostics, session.finish(), session)
    }

    @Test func aWorkerKeepsTheFirstFewMalformedLinesAndCountsTheRest() throws {
        let lines = (0..<5_000).map { $0 % 50 == 0 ? #"{"kind":"note","name":"tea \#($0)"}"# : #"{"name": oops"# }
        let path = try Self.writeFile(lines)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let parallel = try run(path, parallel: true)
        let sequential = try run(path, parallel: false)
        // Ten warnings and one tally reach the caller, not one per line.
        #expect(parallel.diagnostics.calls == 11)
        #expect(parallel.diagnostics.cap.skippedRecords == 4_900)
        #expect(parallel.diagnostics.printed.count == 10)
        #expect(parallel.diagnostics.cap.summary == ["warning: \(path): ... and 4,890 more like this"])
        #expect(parallel.diagnostics.lines == sequential.diagnostics.lines)
        #expect(parallel.result.statistics == sequential.result.statistics)
    }

    @Test func unknownKindsAreCountedOnceEachWhicheverPathReadsTheFile() throws {
        // 600 kinds, each met in many blocks.
        let lines = (0..<6_000).map { #"{"kind":"k\#($0 % 600)","name":"tea \#($0)"}"# }
        let path = try Self.writeFile(lines)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let parallel = try run(path, parallel: true)
        let sequential = try run(path, parallel: false)
        #expect(sequential.diagnostics.cap.warnings == 600)
        #expect(sequential.diagnostics.cap.summary == ["warning: \(path): ... and 590 more unknown kinds"])
        #expect(parallel.diagnostics.lines == sequential.diagnostics.lines)
    }

    @Test func distinctUnknownKindsPastTheCapAreShownButNotRemembered() throws {
        let count = SearchSession.maxRememberedUnknownKinds * 3
        let lines = (0..<count).map { #"{"kind":"k\#($0)","name":"tea \#($0)","f\#($0)":"x"}"# }
        let path = try Self.writeFile(lines)
        defer { try? FileManager.default.removeItem(atPath: path) }
        for parallel in [false, true] {
            let run = try run(path, parallel: parallel, query: "tea")
            #expect(run.session.rememberedUnknownKindCount == SearchSession.maxRememberedUnknownKinds)
            #expect(run.session.fallbackFields.count <= SearchSession.maxFallbackFields)
            #expect(run.result.statistics.matched == count)
            #expect(run.diagnostics.cap.warnings == count)
            #expect(run.diagnostics.printed.count == 10)
        }
    }

    @Test func aKindTheFilterNamesIsRememberedPastTheKindCap() throws {
        let count = SearchSession.maxRememberedUnknownKinds + 10
        let lines = (0..<count).map { #"{"kind":"k\#($0)","name":"tea"}"# }
        let path = try Self.writeFile(lines)
        defer { try? FileManager.default.removeItem(atPath: path) }
        for parallel in [false, true] {
            let run = try run(path, parallel: parallel, kinds: ["k\(count - 1)"])
            #expect(run.session.unknownKindNames.contains("k\(count - 1)"))
            #expect(run.result.hits.count == 1)
        }
    }

    @Test func aFieldTheQueryNamesIsNotedPastTheFieldCap() throws {
        let count = SearchSession.maxFallbackFields * 2
        let lines = (0..<count).map { #"{"kind":"other","name":"tea","f\#($0)":"x"}"# }
        let path = try Self.writeFile(lines)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let last = "f\(count - 1)"
        let run = try run(path, parallel: false, query: "tea \(last):x")
        #expect(run.session.fallbackFields.contains(last))
        #expect(run.session.fallbackFields.count <= SearchSession.maxFallbackFields + 1)
        #expect(run.result.statistics.matched == 1)
    }

    @Test func noWarningAboutARecordTheKindFilterHides() throws {
        let lines = [#"{"kind":"mystery","name":"tea"}"#, #"{"name":"tea"}"#, #"{"kind":"note","name":"tea"}"#]
        let path = try Self.writeFile(lines)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let hidden = try run(path, parallel: false, kinds: ["note"])
        #expect(hidden.diagnostics.calls == 0)
        #expect(hidden.result.hits.count == 1)
        let shown = try run(path, parallel: false, kinds: ["mystery"])
        #expect(shown.diagnostics.printed.count == 1)
        #expect(shown.diagnostics.printed.first?.contains("unknown kind 'mystery'") == true)
    }

    @Test func aKindThatIsNotAStringIsSaidToBeSo() throws {
        let lines = [
            #"{"kind":5,"name":"tea"}"#, #"{"kind":[1],"name":"tea"}"#, #"{"kind":{},"name":"tea"}"#,
            #"{"name":"tea"}"#, #"{"kind":6,"name":"tea"}"#,
        ]
        let path = try Self.writeFile(lines)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let sequential = try run(path, parallel: false)
        let what = sequential.diagnostics.printed.map { $0.components(separatedBy: ": ")[2] }
        #expect(
            what == [
                #""kind" is a number, not a string"#, #""kind" is an array, not a string"#,
                #""kind" is an object, not a string"#, "a record with no kind",
            ])
        let parallel = try run(path, parallel: true)
        #expect(parallel.diagnostics.lines == sequential.diagnostics.lines)
    }

    @Test func aKindThatIsNotANameIsReportedPastManyUnknownKinds() throws {
        let lines =
            (0..<30).map { #"{"kind":"k\#($0)","name":"tea"}"# } + [#"{"kind":5,"name":"tea"}"#, #"{"name":"tea"}"#]
        let path = try Self.writeFile(lines)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let sequential = try run(path, parallel: false)
        #expect(sequential.diagnostics.printed.count == 12)
        #expect(sequential.diagnostics.printed.contains { $0.contains(#""kind" is a number, not a string"#) })
        #expect(sequential.diagnostics.printed.contains { $0.contains("a record with no kind") })
        #expect(sequential.diagnostics.cap.summary == ["warning: \(path): ... and 20 more unknown kinds"])
        let parallel = try run(path, parallel: true)
        #expect(parallel.diagnostics.lines == sequential.diagnostics.lines)
    }

    @Test func groupsPastTheCapOfASourceAreCountedTogether() {
        var cap = DiagnosticCap()
        for group in 0..<100 {
            for line in 1...20 {
                _ = cap.admit(Diagnostic(.warning, "g\(group): bad", at: SourceLocation(file: "f", line: line)))
            }
        }
        #expect(cap.warnings == 2_000)
        #expect(cap.skippedRecords == 2_000)
        let summary = cap.summary
        #expect(summary.count == DiagnosticCap.maxGroupsPerSource + 1)
        #expect(summary.last == "warning: f: ... and 710 more problems of other sorts")
    }

    @Test func tallyNumbersAreGroupedByThousands() {
        #expect(DiagnosticCap.grouped(999_000) == "999,000")
        #expect(DiagnosticCap.grouped(12) == "12")
        #expect(DiagnosticCap.grouped(1_234_567) == "1,234,567")
    }
}
