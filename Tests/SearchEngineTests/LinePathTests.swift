import Foundation
import ResultKit
import StreamingJSON
import TestSupport
import Testing

@testable import SearchEngine

/// ``LinePath`` says what a line comes to, and changes nothing of the
/// search's other parts: it is handed the kind resolver to read, never to
/// change, and it counts nothing.
@Suite struct LinePathTests {
    /// What a verdict is, in a word, for a table of cases.
    static func describe(_ verdict: LinePath.Verdict) -> String {
        switch verdict {
        case .cannotMatch: "cannot match"
        case .filteredOut: "filtered out"
        case .malformed(let warning): "malformed: \(warning?.location.map { "\($0.line)" } ?? "-")"
        case .record(let record): "record \(record.kindName ?? "-")"
        case .parsed(_, let kind, _): "parsed \(kind.name)"
        case .fields(let object, let kind, _, _): "fields \(kind.name) \(object.members.map(\.key).sorted())"
        }
    }

    /// The verdict on `line` of a search for `query` over notes and memos,
    /// `kinds` kept; `standIns` while nothing has matched.
    static func verdict(
        on line: String, query: String = "queen", kinds: [String] = [], standIns: Bool = false
    ) throws -> String {
        let registry = try KindRegistry([noteKind(), noteKind("memo")])
        let parsed = try QueryParser().parse(query)
        let plan = FieldScanPlan(registry: registry, query: parsed, sort: nil, fuzzy: false)
        let resolver = KindResolver(registry: registry, plan: plan, kinds: kinds, namedFields: [])
        var path = LinePath(plan: plan, matchesEveryRecord: parsed.conditions.isEmpty && kinds.isEmpty)
        let bytes = Array(line.utf8)
        return bytes.withUnsafeBytes { bytes in
            describe(
                path.take(
                    bytes, file: "notes.jsonl", line: 7, hint: nil, mayMatch: path.mayMatch(bytes), cache: nil,
                    kinds: resolver, standIns: standIns, scorer: Scorer(query: parsed, fuzzy: false)))
        }
    }

    @Test(arguments: [
        // A record that may match: only the fields the search reads.
        (
            #"{"kind":"note","name":"Queen of Hearts","body":"red","suit":"hearts"}"#, "queen", [String](), false,
            "fields note [\"body\", \"kind\", \"name\"]"
        ),
        // No fragment of the word in the line, in fields shown as written.
        (#"{"kind":"note","name":"King of Spades"}"#, "queen", [], false, "cannot match"),
        // While fuzzy matches stand in, only if its letters are not in order in one value either.
        (#"{"kind":"note","name":"King of Spades"}"#, "queen", [], true, "cannot match"),
        (#"{"kind":"note","name":"q u e e n"}"#, "queen", [], true, "fields note [\"kind\", \"name\"]"),
        // Of a kind the kind filter leaves out, whether it may match or not.
        (#"{"kind":"note","name":"queen"}"#, "queen", ["memo"], false, "filtered out"),
        (#"{"kind":"note","name":"king"}"#, "queen", ["memo"], false, "filtered out"),
        // Not a record: the warning names the line.
        (#"{"kind":"note","name":"queen"#, "queen", [], false, "malformed: 7"),
        (#"{"kind":"note","name":"king"#, "queen", [], false, "malformed: 7"),
        (#"["queen"]"#, "queen", [], false, "malformed: 7"),
        // A kind no one registered: the whole record, for the resolver.
        (#"{"kind":"gadget","name":"queen"}"#, "queen", [], false, "record gadget"),
        // A listing: the whole record, parsed when its kind was met before.
        (#"{"kind":"note","name":"king"}"#, "", [], false, "record note"),
    ])
    func eachLineComesToOneVerdict(line: String, query: String, kinds: [String], standIns: Bool, expected: String)
        throws
    {
        #expect(try Self.verdict(on: line, query: query, kinds: kinds, standIns: standIns) == expected)
    }

    /// Every record read is accounted for, by the session alone: matched,
    /// filtered out or skipped, whatever the query and whichever route reads
    /// the file (in one pass, or in blocks on several cores); lines that are
    /// not records (malformed, not objects, blank) are not counted.
    @Test(arguments: ["queen", "qeen", "zzqxj", "", "price<50", "queen -hearts", "kind:memo queen", "queen price>20"])
    func everyRecordReadIsAccountedFor(query: String) throws {
        var lines: [String] = []
        var records = 0
        for index in 0..<3_000 {
            switch index % 101 {
            case 13: lines.append(#"{"kind":"note","name":"queen broken"#)
            case 29: lines.append(#"["queen", \#(index)]"#)
            case 41: lines.append("")
            default:
                records += 1
                let kind = ["note", "memo", "gadget", "note"][index % 4]
                let names = ["Queen of Hearts", "King of Spades", "queenly", "quen"]
                let name = names[index % 4 == 3 ? 3 : (index / 4) % 3]
                if index % 97 == 5 {
                    // Its kind rejects it: no name.
                    lines.append(#"{"kind":"note","title":"queen \#(index)"}"#)
                } else {
                    lines.append(#"{"kind":"\#(kind)","name":"\#(name) \#(index)","price":\#(index % 100)}"#)
                }
            }
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tally-\(UUID().uuidString).jsonl")
        try Data(lines.joined(separator: "\n").utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let registry = try KindRegistry([noteKind(), noteKind("memo")])
        let parsed = try QueryParser().parse(query)
        let options = SearchOptions(limit: 10)
        let inOnePass = try SearchEngine.search(
            sources: [DataSource.path(file.path)], query: parsed, options: options, registry: registry,
            diagnose: { _ in })
        var session = SearchSession(registry: registry, query: parsed, options: options)
        session.searchNDJSONFile(
            path: file.path, hint: nil, sourceIndex: 1, maxLineBytes: 1 << 20, workers: 3, blockSize: 4096,
            diagnose: { _ in })
        let inBlocks = session.finish()
        for statistics in [inOnePass.statistics, inBlocks.statistics] {
            #expect(statistics.read == records, "\(query): \(statistics)")
            #expect(statistics.read == statistics.matched + statistics.filteredOut + statistics.skipped, "\(query)")
        }
        #expect(inOnePass.statistics == inBlocks.statistics, "\(query)")
    }
}
