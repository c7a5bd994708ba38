import Foundation
import ResultKit
import SearchEngine
import StreamingJSON
import TestSupport
import Testing

/// The parallel block search must give exactly what a sequential read gives:
/// the same hits in the same order, the same line numbers, the same warnings.
@Suite struct ParallelFileSearchTests {
    static func writeFile() throws -> String {
        var lines: [String] = []
        for index in 0..<6_000 {
            switch index % 97 {
            case 13: lines.append(#"{"name":"broken"#)
            case 29: lines.append(#"{"kind":"planet","name":"tea planet \#(index)"}"#)
            case 41: lines.append("")
            case 53: lines.append(#"{"kind":"note","title":"no name"}"#)
            default:
                let word = ["tea", "coffee", "teapot", "green tea", "herbal"][index % 5]
                lines.append(#"{"kind":"note","name":"\#(word) \#(index)","body":"line \#(index)"}"#)
            }
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("parallel-\(UUID().uuidString).jsonl")
            .path
        try Data(("\u{FEFF}" + lines.joined(separator: "\r\n")).utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    struct Outcome: Equatable {
        var hits: [String]
        var diagnostics: [String]
        var statistics: SearchStatistics
    }

    func run(
        _ query: String,
        path: String,
        parallel: Bool,
        blockSize: Int? = 4096,
        limit: Int = 50,
        offset: Int = 3,
        keepsRecords: Bool = true
    ) throws -> Outcome {
        let registry = try KindRegistry([noteKind()])
        var session = SearchSession(
            registry: registry,
            query: try QueryParser().parse(query),
            options: SearchOptions(limit: limit, offset: offset, keepsRecords: keepsRecords)
        )
        var diagnostics = PrintedDiagnostics()
        if parallel {
            session.searchNDJSONFile(
                path: path,
                hint: nil,
                sourceIndex: 1,
                maxLineBytes: 1 << 20,
                workers: 3,
                blockSize: blockSize
            ) { diagnostics.add($0) }
        } else {
            RecordReader(registry: registry).read(
                .path(path),
                record: { record in session.consider(record) { diagnostics.add($0) } },
                diagnose: { diagnostics.add($0) }
            )
        }
        let result = session.finish()
        return Outcome(
            hits: result.hits.map { "\($0.row.name) @\($0.record.location.line)" },
            diagnostics: diagnostics.lines,
            statistics: result.statistics
        )
    }

    @Test(arguments: ["tea", "", "coffee -green", "planet", "herbal body:line", "-body:*", "teapt"])
    func parallelBlocksGiveTheSequentialAnswer(query: String) throws {
        let path = try Self.writeFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let sequential = try run(query, path: path, parallel: false)
        let parallel = try run(query, path: path, parallel: true)
        #expect(!sequential.hits.isEmpty)
        #expect(parallel == sequential)
    }

    @Test func blocksSmallerThanALineStillReadEveryLine() throws {
        let path = try Self.writeFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let sequential = try run("herbal", path: path, parallel: false)
        #expect(try run("herbal", path: path, parallel: true, blockSize: 61) == sequential)
    }

    /// Every record kept (a limit above the count), as a 100,000-row table
    /// asks: the workers' hits are taken block by block in input order.
    @Test(arguments: [4096, 61, nil] as [Int?])
    func keepingEveryRecordGivesTheSequentialAnswerInInputOrder(blockSize: Int?) throws {
        let path = try Self.writeFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        for offset in [0, 7] {
            let sequential = try run("", path: path, parallel: false, limit: 10_000, offset: offset)
            let parallel = try run(
                "", path: path, parallel: true, blockSize: blockSize, limit: 10_000, offset: offset)
            #expect(sequential.hits.count > 5_000)
            #expect(parallel == sequential)
        }
    }

    /// Without their records, hits keep their rows, ranks and locations.
    @Test func hitsWithoutTheirRecordsKeepRowsAndLocations() throws {
        let path = try Self.writeFile()
        defer { try? FileManager.default.removeItem(atPath: path) }
        for parallel in [false, true] {
            let kept = try run("tea", path: path, parallel: parallel, limit: 10_000)
            let dropped = try run("tea", path: path, parallel: parallel, limit: 10_000, keepsRecords: false)
            #expect(dropped == kept)
        }
        let registry = try KindRegistry([noteKind()])
        var session = SearchSession(
            registry: registry, query: try QueryParser().parse("tea"), options: SearchOptions(keepsRecords: false))
        session.searchNDJSONFile(path: path, hint: nil, sourceIndex: 1, maxLineBytes: 1 << 20) { _ in }
        let hits = session.finish().hits
        #expect(!hits.isEmpty)
        #expect(hits.allSatisfy { $0.record.object.members.isEmpty && $0.record.location.file == path })
    }
}
