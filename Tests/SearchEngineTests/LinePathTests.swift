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
        case .fields(let object, let kind, _): "fields \(kind.name) \(object.members.map(\.key).sorted())"
        }
    }

    /// The verdict on `line` of a search for `query` over notes and memos,
    /// `kinds` kept; `standIns` while nothing has matched.
    static func verdict(
        on line: String, query: String = "queen", kinds: [String] = [], standIns: Bool = false
    ) throws -> String {
        let path = try Path(query: query, kinds: kinds)
        return describe(path.take(Array(line.utf8), standIns: standIns))
    }

    /// A line path with the resolver and scorer it is handed, as a session
    /// over notes and memos holds them.
    final class Path {
        let parsed: Query
        var resolver: KindResolver
        var path: LinePath
        let scorer: Scorer
        /// Where short strings are made once, as the parallel reader keeps one.
        let cache: ShortStringCache?

        /// - Parameter declared: Fields the kinds declare besides `name` and
        ///   `body`, which number filters may then read from lines' raw values.
        init(
            query: String, kinds: [String] = [], excludedKinds: [String] = [], declared: Set<String> = [],
            caches: Bool = false
        ) throws {
            let registry = try KindRegistry([noteKind(), noteKind("memo")])
            parsed = try QueryParser().parse(query)
            let known = declared.union(["kind"]).union(registry.kinds.flatMap(\.fields))
            let plan = FieldScanPlan(registry: registry, query: parsed, sort: nil, fuzzy: false, knownFields: known)
            resolver = KindResolver(
                registry: registry, plan: plan, kinds: kinds, excludedKinds: excludedKinds, namedFields: [])
            path = LinePath(
                plan: plan,
                matchesEveryRecord: parsed.conditions.isEmpty && kinds.isEmpty && excludedKinds.isEmpty)
            scorer = Scorer(query: parsed, fuzzy: false)
            cache = caches ? ShortStringCache() : nil
        }

        /// The verdict on `line`, its prefilter's word looked for as the session does.
        func take(_ line: [UInt8], standIns: Bool = false) -> LinePath.Verdict {
            let bytes = line.span
            return path.take(
                bytes, file: "notes.jsonl", line: 7, hint: nil, mayMatch: path.mayMatch(bytes), cache: cache,
                kinds: resolver, standIns: standIns, scorer: scorer)
        }

        /// Whether the quick path settles `line` as a record read and ruled out.
        func quicklyRuledOut(_ line: String, standIns: Bool = false) -> Bool {
            let line = Array(line.utf8)
            let bytes = line.span
            return !path.mayMatch(bytes)
                && path.quicklyRuledOut(bytes, kinds: resolver, standIns: standIns, scorer: scorer)
        }

        /// Whether the filters' quick path settles `line` as a record read and ruled out.
        func quicklyFilteredOut(_ line: String) -> Bool {
            let line = Array(line.utf8)
            return path.quicklyFilteredOut(line.span, kinds: resolver)
        }

        /// Resolves the kind of a record, as the session does for a line
        /// given whole: an unknown kind is then met.
        func meet(_ line: String) throws {
            guard case .object(let object) = try JSONParser().parse(Array(line.utf8)) else { return }
            _ = resolver.kind(of: Record(object: object, location: SourceLocation(file: "notes.jsonl", line: 1))) {
                _ in
            }
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

    /// Lines no reader expects, none of them a record: each is malformed,
    /// whichever way the line path reads it (the scan of the fields a word
    /// reads, the prefilter's rule-out, the listing's whole parse), with the
    /// warning parsing it whole gives.
    @Test(arguments: [
        #"{"kind":"note","name":"queen"} x"#,
        #"{"kind":"note","name":"king"} x"#,
        #"{"kind":"note","name":"queen",}"#,
        #"{"kind":"note","name"}"#,
        #"{"kind":"note","name":"queen\x"}"#,
        #"{"kind":"note","name":"queen","x":[1,]}"#,
        #"{"kind":"gadget","name":"queen","x":{"y":}}"#,
        #"{"kind":"note","name":"king","x":tru}"#,
        #""queen""#, "null", "5", "{", "}", "[]",
        String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000),
        #"{"kind":"note","name":"queen","x":"# + String(repeating: "[", count: 5_000),
    ])
    func aLineThatIsNotARecordIsMalformedAsParsingItSays(line: String) throws {
        try expectMalformedAlike(Array(line.utf8), line)
    }

    /// Bytes that are not UTF-8, or a record cut short in a character.
    @Test(arguments: [
        Array(#"{"kind":"note","name":"queen"#.utf8) + [0xC3],
        Array(#"{"kind":"note","name":"#.utf8) + [0xFF, 0xFE] + Array(#""}x"#.utf8),
        [0xFF, 0xFE, 0x7B, 0x7D],
    ])
    func bytesThatAreNotARecordAreMalformedAsParsingItSays(line: [UInt8]) throws {
        try expectMalformedAlike(line, String(decoding: line, as: UTF8.self))
    }

    /// `line`'s verdict is `.malformed`, with the same warning, whichever
    /// way the line path reads it.
    private func expectMalformedAlike(_ line: [UInt8], _ shown: String) throws {
        let parsedWhole: String? =
            switch Result(catching: { try JSONParser().parse(line) }) {
            case .failure: "error"
            case .success(.object): nil
            case .success: "not an object"
            }
        #expect(parsedWhole != nil, "\(shown) is a record")
        let listing = try Path(query: "")
        guard case .malformed(let expected) = listing.take(line) else {
            Issue.record("\(shown): the listing's whole parse takes it")
            return
        }
        let warning = try #require(expected, "\(shown): no warning")
        #expect(warning.location?.line == 7)
        for query in ["queen", "king", "zzqxj", "price>2", "kind:memo queen"] {
            for standIns in [false, true] {
                let path = try Path(query: query)
                let verdict = path.take(line, standIns: standIns)
                guard case .malformed(let given) = verdict else {
                    Issue.record("\(shown), \(query): \(Self.describe(verdict))")
                    continue
                }
                #expect(given?.message == warning.message, "\(shown), \(query)")
                #expect(given?.location == warning.location, "\(shown), \(query)")
            }
            let path = try Path(query: query)
            // The quick paths never settle a line that is not a record:
            // its warning is the full path's to give.
            let ruledOut =
                !path.path.mayMatch(line.span)
                && path.path.quicklyRuledOut(line.span, kinds: path.resolver, standIns: false, scorer: path.scorer)
            #expect(!ruledOut, "\(shown), \(query)")
            let filteredOut = path.path.quicklyFilteredOut(line.span, kinds: path.resolver)
            #expect(!filteredOut, "\(shown)")
        }
    }

    /// A line of a megabyte, within the cap, comes to what a short one does.
    @Test func aHugeLineComesToTheVerdictOfAShortOne() throws {
        let filler = String(repeating: "x", count: 1 << 20)
        #expect(try Self.verdict(on: #"{"kind":"note","name":"\#(filler) queen"}"#) == #"fields note ["kind", "name"]"#)
        #expect(try Self.verdict(on: #"{"kind":"note","name":"\#(filler)"}"#) == "cannot match")
        #expect(try Self.verdict(on: #"{"kind":"note","name":"\#(filler)"#) == "malformed: 7")
        let keys = (0..<50_000).map { #""k\#($0)":\#($0)"# }.joined(separator: ",")
        #expect(
            try Self.verdict(on: #"{"kind":"note",\#(keys),"name":"queen"}"#) == #"fields note ["kind", "name"]"#)
        #expect(try Self.verdict(on: #"{"kind":"note",\#(keys),"name":"king"}"#) == "cannot match")
    }

    /// A record with no kind name, or one spelt otherwise than the kind is
    /// registered, goes whole to the resolver, which alone decides its kind.
    @Test(arguments: [
        (#"{"name":"queen"}"#, "record -"),
        (#"{"kind":"","name":"queen"}"#, "record -"),
        (#"{"kind":5,"name":"queen"}"#, "record -"),
        (#"{"kind":"NOTE","name":"queen"}"#, "record NOTE"),
        (#"{"kind":"gadget","name":"king"}"#, "record gadget"),
    ])
    func aRecordWhoseKindIsNotKnownGoesWhole(line: String, expected: String) throws {
        #expect(try Self.verdict(on: line) == expected)
        #expect(try Self.verdict(on: line, standIns: true) == expected)
    }

    /// An unknown kind goes whole to the resolver until it is met, for its
    /// warning; then a line of it that does not hold the word, keys
    /// included, cannot match, and the quick path settles its lines from then on.
    @Test func anUnknownKindMetBeforeIsRuledOutByItsBytes() throws {
        let path = try Path(query: "queen")
        let king = #"{"kind":"gadget","name":"king"}"#
        #expect(Self.describe(path.take(Array(king.utf8))) == "record gadget")
        #expect(!path.quicklyRuledOut(king))
        try path.meet(king)
        #expect(Self.describe(path.take(Array(#"{"kind":"gadget","name":"queen"}"#.utf8))) == "record gadget")
        #expect(Self.describe(path.take(Array(#"{"kind":"gadget","queen":"knave"}"#.utf8))) == "record gadget")
        #expect(!path.quicklyRuledOut(#"{"kind":"gadget","queen":"knave"}"#))
        #expect(Self.describe(path.take(Array(king.utf8))) == "cannot match")
        #expect(path.quicklyRuledOut(#"{"kind":"gadget","name":"knave"}"#))
        #expect(!path.quicklyRuledOut(#"{"kind":"widget","name":"knave"}"#))
    }

    /// The quick path settles only a flat line of plain text of a kind met
    /// before that cannot match; of any other it says nothing.
    @Test(arguments: [
        (#"{"kind":"note","name":"king"}"#, true),
        (#"{"kind":"memo","name":"king","body":"of spades"}"#, true),
        (#"{"kind":"note","name":"k\u0069ng"}"#, false),
        (#"{"kind":"note","name":"king","tags":["a","b"]}"#, false),
        (#"{"kind":"note","name":"kïng"}"#, false),
        (#"{"kind":"Note","name":"king"}"#, false),
        (#"{"kind":"note","name":"king"#, false),
    ])
    func theQuickPathSettlesOnlyWhatItCanRead(line: String, settles: Bool) throws {
        let path = try Path(query: "queen")
        #expect(path.quicklyRuledOut(line) == settles)
        if settles { #expect(Self.describe(path.take(Array(line.utf8))) == "cannot match") }
    }

    /// `-kind:` and `kind:` leave a kind's lines out, whether they hold the word or not.
    @Test func aKindLeftOutIsFilteredOut() throws {
        let path = try Path(query: "queen", excludedKinds: ["note"])
        #expect(Self.describe(path.take(Array(#"{"kind":"note","name":"queen"}"#.utf8))) == "filtered out")
        #expect(Self.describe(path.take(Array(#"{"kind":"note","name":"king"}"#.utf8))) == "filtered out")
        #expect(
            Self.describe(path.take(Array(#"{"kind":"memo","name":"queen"}"#.utf8))) == #"fields memo ["kind", "name"]"#
        )
    }

    /// Number filters settle a flat line of a kind met before from its raw
    /// values; of a line they cannot read so they say nothing, and the
    /// scorer decides.
    @Test func aNumberFilterSettlesOnlyTheLinesItCanRead() throws {
        let path = try Path(query: "price>20", declared: ["price"])
        #expect(path.quicklyFilteredOut(#"{"kind":"note","name":"a","price":5}"#))
        #expect(!path.quicklyFilteredOut(#"{"kind":"note","name":"a","price":50}"#))
        #expect(!path.quicklyFilteredOut(#"{"kind":"gadget","name":"a","price":5}"#))
        #expect(!path.quicklyFilteredOut(#"{"kind":"note","name":"a","price":5"#))
        #expect(!path.quicklyFilteredOut(#"{"kind":"note","name":"a","price":{"usd":5}}"#))
        let kept = try Path(query: "price>20", kinds: ["memo"], declared: ["price"])
        #expect(kept.quicklyFilteredOut(#"{"kind":"note","name":"a","price":50}"#))
        #expect(!kept.quicklyFilteredOut(#"{"kind":"memo","name":"a","price":50}"#))
    }

    /// With a cache, a line laid out like one before it, of a kind met, is
    /// parsed whole from its shape: the whole record, not only its fields.
    @Test(arguments: ["queen", ""])
    func aLineLaidOutLikeOneBeforeIsParsedWhole(query: String) throws {
        let path = try Path(query: query, caches: true)
        var last: LinePath.Verdict?
        for index in 0..<4 {
            last = path.take(Array(#"{"kind":"note","name":"queen \#(index)","suit":"hearts"}"#.utf8))
        }
        guard case .parsed(let object, let kind, let location)? = last else {
            Issue.record("\(last.map(Self.describe) ?? "-")")
            return
        }
        #expect(kind.name == "note" && location.line == 7)
        #expect(object["suit"]?.stringValue == "hearts" && object["name"]?.stringValue == "queen 3")
        #expect(
            Self.describe(path.take(Array(#"{"kind":"note","name":"king 9","suit":"spades"}"#.utf8)))
                == (query.isEmpty ? "parsed note" : "cannot match"))
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
