import Foundation
import ResultKit
import StreamingJSON
import TerminalTable
import TestSupport
import Testing
import TextMatching

@testable import SearchEngine

/// A large search rules lines out from their raw bytes (``LinePrefilter``).
/// Whatever it rules out must be a line that could not have matched, so the
/// search gives exactly what reading every record gives: same hits, order,
/// line numbers, warnings and counts.
@Suite struct LinePrefilterTests {
    /// A kind whose search field is computed from two fields (so raw bytes do
    /// not show its text: `c` stands for "coffee"), declaring what it reads.
    static func pairKind() -> ResultKind {
        ResultKind(
            name: "pair",
            plural: "pairs",
            columns: [],
            searchFields: [
                SearchField("title", weight: 100, reads: ["first", "second"]) { object in
                    guard let first = object["first"]?.scalarText, let second = object["second"]?.scalarText
                    else { return nil }
                    let words = ["c": "coffee", "g": "garden", "h": "chocolate"]
                    return "\(words[first] ?? first) \(second)"
                }
            ],
            decode: { (object) throws(RecordDecodingError) -> String in
                try object.requiredString("first") + object.requiredString("second")
            },
            present: { NoteRow(name: $0) }
        )
    }

    /// A kind whose search field may read anything.
    static func blobKind() -> ResultKind {
        ResultKind(
            name: "blob",
            plural: "blobs",
            columns: [],
            searchFields: [
                SearchField("all", weight: 50) { object in object.keys.joined(separator: " ") }
            ],
            decode: { (object) throws(RecordDecodingError) -> String in object.keys.joined(separator: "+") },
            present: { NoteRow(name: $0) }
        )
    }

    /// A kind with a declared number field, `level`, that filters read.
    static func gaugeKind() -> ResultKind {
        ResultKind(
            name: "gauge",
            plural: "gauges",
            columns: [],
            searchFields: [.field("name", weight: 100)],
            fields: ["level", "unit"],
            decode: { (object) throws(RecordDecodingError) -> String in try object.requiredString("name") },
            present: { NoteRow(name: $0) }
        )
    }

    /// Values of `level`: numbers in every spelling, too large, null,
    /// numbers as text (padded, escaped), a boolean, and absent.
    static let levels = [
        "3", "5", "5.0", "-2", "1e1", "0.5e1", "1e999", "null", #""4""#, #"" 7 ""#, #""\u0034""#, "true", "",
    ]

    /// Names with the word in every case, with typos, escaped, with accents,
    /// split across fields, inside keys, and not at all.
    static let names = [
        "coffee", "COFFEE beans", "Cofee", "cofefe", "ocffee", "tea", "toffee", "\\u0063offee", "café noir",
        "Caf\\u00e9", "CAFÉ", "green tea", "teapot", "coffe", "decaf coffee", "cof fee", "chocolate",
        "chcoolate", "hcocolate", "chocolat", "choclate", "chcooalte", "garden", "gadren", "日本のコーヒー",
        "coffee\\ttab",
        // Phrases spelled with typos, runs of spaces, escapes and other separators.
        "coffee beans", "cofee beans", "coffee  beans", "coffee\\tbeans", "coffee-beans", "Coffee Beens",
        "coffee\\u0020beans", "coffée beans",
        // Folded letters: diacritics, ß, ø, the Kelvin sign, Cyrillic ё, full-width letters, CJK escaped.
        "Crème brûlée", "CRE\\u0300ME", "creme", "straße", "STRASSE", "Ørsted", "orsted", "сестёр",
        "\\u212Aing", "king", "ＣＯＦＦＥＥ", "\\u65e5\\u672c", "日本",
        // Hosts in both IDNA spellings, and names made of emoji.
        "xn--p1ai", "рф", "🦊🐾.ws", "fox", "xn--e1afmkfd.xn--p1ai", "пример.рф",
        // Letters of `zzqxj` in order, near and far apart, in keys only, and in no order.
        "zazqxj", "z z q x j", "ZZ-QXJ", "jxqzz", "zzq", "z_zqx_j",
        // The forms people type (issue #42): connectors, numbers, fractions, a lost first letter.
        "coffee & tea", "coffee and tea", "tea + coffee", "Coffee 'n' Tea", "R&B coffee", "GTK+ tea", "coffee II",
        "coffee 2", "Tea III", "½ coffee", "1/2 tea", "8½", "offee", "xoffee", "hocolate", "Chocolate XII",
    ]

    static func writeFile(seed: UInt64) throws -> String {
        var random = SplitMix64(state: seed)
        func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
        var lines: [String] = []
        for index in 0..<8_000 {
            let name = pick(names)
            switch random.next() % 20 {
            case 0: lines.append(#"{"kind":"note","name":"\#(name)"#)  // truncated
            case 1: lines.append(#"{"kind":"planet","name":"\#(name)","moons":\#(index % 7)}"#)
            case 2: lines.append(#"{"kind":"pair","first":"cof","second":"\#(pick(["fee", "fe", "ee", "x"]))"}"#)
            case 3:
                // Values a ruled-out line's memo keys by their bytes: short or
                // not, of every type, absent, last in the line.
                let first = pick([#""c""#, #""g""#, #""h""#, #""t""#, #""C""#, "1", "null", "true", #""chocolate""#])
                let second = pick([#""a""#, #""a ""#, #""aaaaaaaa""#, #""aaaaaaaaa""#, "7", "7.0", "false", #""""#])
                switch random.next() % 4 {
                case 0: lines.append(#"{"kind":"pair","first":\#(first),"second":\#(second)}"#)
                case 1: lines.append(#"{"kind":"pair","second":\#(second),"first":\#(first)}"#)
                case 2: lines.append(#"{"second":\#(second),"kind":"pair"}"#)
                default: lines.append(#"{"kind":"pair","first":\#(first),"n":1,"second":\#(second),"x":"padding"}"#)
                }
            case 4: lines.append(#"{"kind":"blob","\#(name)":1}"#)
            case 5: lines.append(#"["not","an","object","\#(name)"]"#)
            case 6: lines.append(#"{"kind":"note","body":"no name, \#(name)"}"#)  // rejected if it matches
            case 7: lines.append(#"{"kind":"note","name":"\#(name)","body":"\#(pick(names))","n\u0061me":"x"}"#)
            case 8: lines.append(#"{"kind":"note","name":"tea \#(index)","coffee":"in a key only"}"#)
            case 9, 10:
                let level = pick(Self.levels)
                let field = level.isEmpty ? "" : #","level":\#(level)"#
                lines.append(#"{"kind":"gauge","name":"\#(name)"\#(field),"unit":"bar"}"#)
            default:
                lines.append(#"{"kind":"note","name":"\#(name) \#(index % 13)","body":"\#(pick(names))"}"#)
            }
        }
        var bytes = Array(lines.joined(separator: "\n").utf8)
        for line in walkedLines(random: &random) { bytes += [0x0A] + line }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("prefilter-\(UUID().uuidString).jsonl")
            .path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Lines that the walk over learned shapes checks when the prefilter
    /// rules them out: keys of every length (so gaps from 3 to over 16
    /// bytes), numbers and literals at the edges of their grammar, strings
    /// that end in the line's last sixteen bytes, short lines, duplicate
    /// and reordered keys, kind names around eight bytes; a third of them
    /// damaged at a random place: a control byte, a quote, a backslash, a
    /// byte from 0x80, a bracket, cut, a byte dropped or added.
    static func walkedLines(random: inout SplitMix64) -> [[UInt8]] {
        func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
        let keys = [
            "l", "lv", "lvl", "level", "levels", "n2345678", "nine45678", "a key of sixteen",
            "a key longer than sixteen",
        ]
        let values = [
            "0", "-0", "12", "-1.5e3", "1E+5", "0.5", "2e-3", "true", "null", "false", #""x""#, #""""#, "1.25",
        ]
        let texts = ["", "a", "tea", "green tea", "a body of sixteen", "a body longer than sixteen bytes", "coffee"]
        let kinds = ["k", "gauge", "planet", "kindsnine", "eightkin"]
        var lines: [[UInt8]] = []
        for index in 0..<2_800 {
            let line: String
            switch index % 7 {
            case 0: line = #"{"kind":"note"}"#
            case 1: line = #"{"kind":"note","name":"\#(pick(texts))","name":"\#(pick(texts))"}"#
            case 2: line = #"{"name":"\#(pick(texts))","kind":"note","body":"\#(pick(texts))"}"#
            case 3: line = #"{"kind":"\#(pick(kinds))","name":"\#(pick(texts))"}"#
            // The kind's name last, fewer than eight bytes before the line's end.
            case 4: line = #"{"name":"\#(pick(texts))","kind":"\#(pick(kinds + ["note"]))"}"#
            default:
                line =
                    #"{"kind":"note","name":"\#(pick(texts))","\#(pick(keys))":\#(pick(values)),"body":"\#(pick(texts))"}"#
            }
            var bytes = Array(line.utf8)
            if random.next() % 3 == 0 {
                let at = Int(random.next() % UInt64(bytes.count))
                switch random.next() % 4 {
                case 0:
                    bytes[at] = pick([0x01, 0x09, 0x1F, 0x22, 0x5C, 0x7F, 0xC3, 0x7B, 0x5B, 0x2C, 0x3A, 0x20, 0x30])
                case 1: bytes.remove(at: at)
                case 2: bytes = Array(bytes[..<at])
                default: bytes.insert(pick([0x01, 0x22, 0x5C, 0xE6, 0x5D, 0x7D, 0x2D, 0x65, 0x2E]), at: at)
                }
            }
            lines.append(bytes)
        }
        return lines
    }

    struct Outcome: Equatable {
        var hits: [String]
        var diagnostics: [String]
        var statistics: SearchStatistics

        /// Where `self` and `other` part: the first hit or diagnostic that
        /// differs, or the statistics, for a failure's message.
        func difference(from other: Outcome) -> String {
            if hits != other.hits {
                let index = hits.indices.first { $0 >= other.hits.count || hits[$0] != other.hits[$0] } ?? hits.count
                let mine = index < hits.count ? hits[index] : "none"
                let theirs = index < other.hits.count ? other.hits[index] : "none"
                return "hit \(index) of \(hits.count)/\(other.hits.count): \(mine) against \(theirs)"
            }
            if diagnostics != other.diagnostics {
                return "diagnostics: \(diagnostics.count) against \(other.diagnostics.count)"
            }
            return "statistics: \(statistics) against \(other.statistics)"
        }
    }

    /// How the file is searched: record by record (the reference), in
    /// parallel blocks, or line by line as a stream is.
    enum Mode { case records, blocks, lines }

    func run(_ query: String, path: String, mode: Mode, sort: FieldSort? = nil, offset: Int = 2) throws -> Outcome {
        let registry = try KindRegistry([noteKind(), Self.pairKind(), Self.blobKind(), Self.gaugeKind()])
        var session = SearchSession(
            registry: registry,
            query: try QueryParser().parse(query),
            options: SearchOptions(limit: 40, offset: offset, sort: sort)
        )
        var diagnostics = PrintedDiagnostics()
        switch mode {
        case .blocks:
            session.searchNDJSONFile(
                path: path, hint: nil, sourceIndex: 1, maxLineBytes: 1 << 20, workers: 2, blockSize: 16_384
            ) { diagnostics.add($0) }
        case .records:
            RecordReader(registry: registry).read(
                .path(path),
                record: { record in session.consider(record) { diagnostics.add($0) } },
                diagnose: { diagnostics.add($0) }
            )
        case .lines:
            RecordReader(registry: registry).read(
                .path(path),
                record: { _ in Issue.record("NDJSON lines must reach the line handler") },
                lines: { line in session.consider(line) { diagnostics.add($0) } },
                diagnose: { diagnostics.add($0) }
            )
        }
        let result = session.finish()
        return Outcome(
            hits: result.hits.map {
                "\($0.row.name) @\($0.record.location.line) \($0.rank.tier.map { "\($0)" } ?? "")"
            },
            diagnostics: diagnostics.lines,
            statistics: result.statistics
        )
    }

    @Test(arguments: [
        "coffee", "COFFEE", "cofee", "caf", "cafe", "chocolate", "tea coffee", "coffee -decaf", "name:coffee",
        "body:cofee", "kind:pair coffee", "kind:note toffee", "coffee moons>3", "\"green tea\"", "cffe", "cfee",
        "zzzzzz",
        "coffee tab", "garden",
        // Short-word typos (fragments with any byte) and words that spell keys (`"kind":`, `"name":`).
        "tae", "cfae", "caef", "cafx", "kind", "kine", "name", "nmae",
        // Every record shown: lines read whole, most of them parsed from their shape.
        "",
        // The shapes of `search-bench`, each on the fast path and the reference path.
        "zzqxj", "zzqxjw", "cffx", "\"coffee beans\"", "\"coffee  beans\"", "\"cofee beans\"", "\"coffee mug\"",
        "\"green tea\" -teapot", "coffee -beans", "name:garden", "moons>3", "kind:note tea", "kind:pair coffe",
        "\"queen of hearts\"",
        // No match, and letters in order across keys and values (not within one value): fuzzy stand-ins.
        "kindname", "nmbdy", "levelunit", "firstsecond", "teabody", "notebar", "kndgg",
        // Number and presence filters, read from raw values where the kind declares the field.
        "level<5", "level>=5", "level:1..5", "level:*", "-level:*", "-level<4", "coffee level<5", "kind:gauge level>3",
        "title:*", "level<5 moons>3", "level:5", "level:5.00", "level:10", "level:+5", "unit:bar level:5.000",
        // Non-ASCII words: folded to ASCII, or not; hosts in the other spelling; emoji by name.
        "café", "crème", "CRÈME", "straße", "strasse", "ørsted", "сестер", "сестёр", "日本", "ｃｏｆｆｅｅ", "\u{212A}ing",
        "рф", "xn--p1ai", "пример.рф", "xn--e1afmkfd.xn--p1ai", "fox", "🦊",
        // The forms people type: connectors between words, numbers among words, fractions, a lost or
        // changed first letter, excluded kinds and fields.
        "coffee and tea", "coffee & tea", "tea and coffee", "coffee 'n' tea", "r and b", "gtk and tea", "and",
        "coffee 2", "coffee ii", "tea 3", "chocolate 12", "ii", "½", "1/2", "8 1/2", "8½", "hocolate", "xoffee",
        "offee", "rcoffee", "coffee -kind:pair", "-kind:note coffee", "-name:coffee tea", "tea -body:coffee",
    ])
    func theSearchGivesWhatReadingEveryRecordGives(query: String) throws {
        let path = try Self.writeFile(seed: 7)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let sequential = try run(query, path: path, mode: .records)
        // The parts where they differ, so that a rare failure says what it saw.
        let blocks = try run(query, path: path, mode: .blocks)
        #expect(blocks == sequential, "\(blocks.difference(from: sequential))")
        let lines = try run(query, path: path, mode: .lines)
        #expect(lines == sequential, "\(lines.difference(from: sequential))")
        #expect(sequential.statistics.read > 6_000)
    }

    /// The sorted shapes and a large offset, each on the fast path and the reference path.
    @Test(arguments: [
        ("", "-moons", 2), ("", "name", 2), ("tea", "-moons", 2), ("zzqxj", "moons", 2), ("tea", "name", 300),
        ("level>2", "-level", 2), ("", "level", 2),
        // Every record listed by a field some kinds lack, deep pages, and a kind's own field.
        ("", "-level", 300), ("", "moons", 700), ("", "-unit", 2), ("kind:gauge", "-level", 2),
    ])
    func theSortedSearchGivesWhatReadingEveryRecordGives(query: String, sort: String, offset: Int) throws {
        let path = try Self.writeFile(seed: 9)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let order = try #require(FieldSort(parsing: sort))
        let sequential = try run(query, path: path, mode: .records, sort: order, offset: offset)
        let blocks = try run(query, path: path, mode: .blocks, sort: order, offset: offset)
        #expect(blocks == sequential, "\(blocks.difference(from: sequential))")
        let lines = try run(query, path: path, mode: .lines, sort: order, offset: offset)
        #expect(lines == sequential, "\(lines.difference(from: sequential))")
        #expect(!sequential.hits.isEmpty || query == "zzqxj")
    }

    /// While nothing has matched, a line whose bytes do not hold the word's
    /// letters in order is ruled out, unless a computed search field may
    /// spell them: `{"first":"c","second":"x"}` is searched as "coffee x",
    /// which `cffx` matches fuzzily though the line holds no `f` after its `c`.
    @Test func aFuzzyStandInThatOnlyAComputedFieldSpellsIsKept() throws {
        var lines: [String] = []
        for index in 0..<3_000 {
            switch index % 3 {
            case 0: lines.append(#"{"kind":"note","name":"tea \#(index)","body":"green"}"#)
            case 1: lines.append(#"{"kind":"pair","first":"c","second":"x"}"#)
            default: lines.append(#"{"kind":"pair","first":"g","second":"y"}"#)
            }
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("standin-\(UUID().uuidString).jsonl")
            .path
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let prefilter = try #require(LinePrefilter(query: try QueryParser().parse("cffx"), fuzzy: false))
        let line = Array(lines[1].utf8)
        #expect(line.withUnsafeBytes { !prefilter.mayMatch($0) && !prefilter.mayMatchFuzzily($0) })
        let sequential = try run("cffx", path: path, mode: .records, offset: 0)
        #expect(sequential.hits.count == 40)
        #expect(sequential.hits.allSatisfy { $0.hasPrefix("cx @") && $0.hasSuffix("fuzzy") }, "\(sequential.hits)")
        for mode in [Mode.blocks, .lines] {
            let fast = try run("cffx", path: path, mode: mode, offset: 0)
            #expect(fast == sequential, "\(mode): \(fast.difference(from: sequential))")
        }
    }

    /// While nothing has matched, a line of an unknown kind is ruled out
    /// only when it lacks one of the word's units: its details field joins
    /// `key=value` pairs with a repeated key's last value at its first
    /// place, so `{"a":"fox","b":"owl","a":"cat"}` is searched as
    /// "a=cat b=owl", where `ctow` matches fuzzily though the line holds no
    /// `o` after its `t`. Lines missing one of its letters are ruled out; a
    /// word with `=` in it is never ruled out by that unit, which the field
    /// adds.
    @Test(arguments: ["ctow", "=", "zzqxj", "owl", "cat", "c w", "cwto"])
    func aFuzzyStandInThatAnUnknownKindsRepeatedKeySpellsIsKept(query: String) throws {
        var random = SplitMix64(state: 31)
        func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
        var lines: [String] = []
        for index in 0..<3_000 {
            switch random.next() % 5 {
            case 0: lines.append(#"{"kind":"gizmo","name":"thing \#(index)","a":"fox","b":"owl","a":"cat"}"#)
            case 1: lines.append(#"{"kind":"gizmo","name":"thing \#(index)","a":"\#(pick(["fox", "elk", "yak"]))"}"#)
            case 2:
                let (first, last) = (pick(["fox", "elk"]), pick(["hen", "c"]))
                lines.append(#"{"kind":"gizmo","a":"\#(first)","b":"ant","a":"\#(last)"}"#)
            case 3: lines.append(#"{"kind":"widget","title":"\#(pick(Self.names))","w":1,"c":2,"w":"o"}"#)
            default: lines.append(#"{"kind":"note","name":"tea \#(index)","body":"green"}"#)
            }
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("unknown-\(UUID().uuidString).jsonl")
            .path
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        if query == "ctow" {
            let prefilter = try #require(LinePrefilter(query: try QueryParser().parse(query), fuzzy: false))
            let kept = Array(#"{"kind":"gizmo","name":"thing 1","a":"fox","b":"owl","a":"cat"}"#.utf8)
            let lacking = Array(#"{"kind":"gizmo","name":"thing 1","a":"elk"}"#.utf8)
            #expect(kept.withUnsafeBytes { !prefilter.mayMatchFuzzily($0) && prefilter.mayMatchFuzzilyInAnyOrder($0) })
            #expect(lacking.withUnsafeBytes { !prefilter.mayMatchFuzzilyInAnyOrder($0) })
        }
        let sequential = try run(query, path: path, mode: .records, offset: 0)
        if query == "ctow" {
            #expect(sequential.hits.count == 40)
            #expect(sequential.hits.allSatisfy { $0.hasSuffix("fuzzy") }, "\(sequential.hits)")
        }
        for mode in [Mode.blocks, .lines] {
            let fast = try run(query, path: path, mode: mode, offset: 0)
            #expect(fast == sequential, "\(mode): \(fast.difference(from: sequential))")
        }
    }

    /// A line of a kind whose search fields are computed may hold the word
    /// in a field no search field reads (`"coffee":"cofee"` beside a pair
    /// searched as "garden x"): the prefilter lets it through, and the
    /// remembered verdict for its values settles it, before anything has
    /// matched (fuzzy stand-ins) and after, as matching it would.
    @Test(arguments: ["coffee", "cofee", "cffx", "garden", "gardn", "coffee first:g", "coffee -x", "zzqxj"])
    func aLineThePrefilterKeepsIsSettledByItsComputedFields(query: String) throws {
        var random = SplitMix64(state: 21)
        func pick<T>(_ items: [T]) -> T { items[Int(random.next() % UInt64(items.count))] }
        var lines: [String] = []
        for index in 0..<3_000 {
            let first = pick(["c", "g", "h", "t", "cof"])
            let second = pick(["x", "fee", "a", "coffee"])
            switch index < 200 ? 0 : random.next() % 6 {
            case 0: lines.append(#"{"kind":"pair","first":"g","second":"y","coffee":"cofee gardn"}"#)
            case 1: lines.append(#"{"kind":"pair","first":"\#(first)","second":"\#(second)","note":"coffee"}"#)
            case 2: lines.append(#"{"kind":"pair","first":"\#(first)","second":"\#(second)"}"#)
            case 3: lines.append(#"{"kind":"pair","first":"\u0067","second":"\#(second)","cofee":1}"#)
            case 4: lines.append(#"{"kind":"pair","first":"\#(first)","coffee":["cffx"]}"#)
            default: lines.append(#"{"kind":"note","name":"tea \#(index)","body":"\#(pick(Self.names))"}"#)
            }
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("settled-\(UUID().uuidString).jsonl")
            .path
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let sequential = try run(query, path: path, mode: .records, offset: 0)
        for mode in [Mode.blocks, .lines] {
            let fast = try run(query, path: path, mode: mode, offset: 0)
            #expect(fast == sequential, "\(mode): \(fast.difference(from: sequential))")
        }
    }

    /// Every ASCII text in which the matcher finds a word fuzzily, written
    /// as a record's name, makes a line that `mayMatchFuzzily` keeps:
    /// random words and texts with the word's letters spread, cased, and
    /// broken.
    @Test(arguments: [11, 12, 13])
    func everyLineWhereTheWordMatchesFuzzilyIsKept(seed: UInt64) throws {
        let matcher = TextMatcher(allowFuzzy: true)
        var random = SplitMix64(state: seed)
        func below(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
        let letters = Array("abcdeoxz -_.".utf8)
        var fuzzy = 0
        for _ in 0..<20_000 {
            let word = (0..<(2 + below(7))).map { _ in letters[below(8)] }
            var text: [UInt8] = []
            for letter in word {
                for _ in 0..<below(3) { text.append(letters[below(letters.count)]) }
                text.append(below(4) == 0 ? letter &- 0x20 : letter)
                if below(8) == 0 { text.removeLast() }
            }
            let term = String(decoding: word, as: UTF8.self)
            let name = String(decoding: text, as: UTF8.self)
            guard let match = matcher.match(MatchPattern(term), in: name) else { continue }
            if match.tier == .fuzzy { fuzzy += 1 }
            let prefilter = try #require(LinePrefilter(query: try QueryParser().parse(term), fuzzy: false))
            let line = Array(#"{"kind":"note","name":"\#(name)","body":"\#(term) spread"}"#.utf8)
            let alone = Array(#"{"kind":"note","name":"\#(name)"}"#.utf8)
            // Better tiers are the fragments' promise; fuzzy ones, this one's,
            // and that of the test held to one value.
            for line in [line, alone] {
                #expect(
                    line.withUnsafeBytes {
                        prefilter.mayMatch($0)
                            || (prefilter.mayMatchFuzzily($0) && prefilter.mayMatchFuzzilyWithinOneValue($0))
                    },
                    "\(term) in \(name) (\(match.tier))")
            }
        }
        #expect(fuzzy > 500)
    }

    /// `mayMatchFuzzilyWithinOneValue` says whether a spelling is a
    /// subsequence, ignoring case, of one stretch between the line's quotes,
    /// as splitting the line at its quotes and looking in each piece does:
    /// random lines of letters, quotes and punctuation, and words made of
    /// their letters.
    @Test(arguments: [21, 22])
    func aValueHoldsTheWordAsAPieceBetweenQuotesDoes(seed: UInt64) throws {
        var random = SplitMix64(state: seed)
        func below(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
        let bytes = Array("abcdeABCDE\":, {}.-1".utf8)
        func holds(_ word: [UInt8], in piece: ArraySlice<UInt8>) -> Bool {
            var rest = word[...]
            for byte in piece where rest.first.map({ $0 == byte || ($0 &- 0x61 < 26 && $0 == byte | 0x20) }) ?? false {
                rest = rest.dropFirst()
            }
            return rest.isEmpty
        }
        var within = 0
        var acrossOnly = 0
        for _ in 0..<20_000 {
            let line = (0..<below(40)).map { _ in bytes[below(bytes.count)] }
            let word = (0..<(2 + below(4))).map { _ in Array("abcde".utf8)[below(5)] }
            let term = String(decoding: word, as: UTF8.self)
            guard let prefilter = LinePrefilter(query: try QueryParser().parse(term), fuzzy: false),
                prefilter.spellings == [word]
            else { continue }
            let expected = line.split(separator: UInt8(ascii: "\""), omittingEmptySubsequences: false).contains {
                holds(word, in: $0)
            }
            let found = line.withUnsafeBytes { prefilter.mayMatchFuzzilyWithinOneValue($0) }
            #expect(found == expected, "\(term) in \(String(decoding: line, as: UTF8.self))")
            if expected { within += 1 } else if holds(word, in: line[...]) { acrossOnly += 1 }
        }
        #expect(within > 1000)
        #expect(acrossOnly > 1000)
    }

    /// A word whose every spelling folds to non-ASCII letters is never
    /// found in ASCII text, so every plain ASCII line is ruled out, fuzzily
    /// too; a word with an ASCII spelling (`пример.рф` is `xn--e1afmkfd.xn--p1ai`) is not such a word:
    /// its prefilter, when it has one, keeps both spellings.
    @Test func aWordNoASCIITextCanMatchRulesOutPlainASCIILines() throws {
        let matcher = TextMatcher(allowFuzzy: true)
        let texts = ["nihon", "sester", "Sestyor", "xn--p1ai", "rf", "fox", "coffee", "ko-hi-", "NIHON JAPAN"]
        for word in ["日本", "сестер", "сестёр", "コーヒー", "ø日"] {
            let prefilter = try #require(LinePrefilter(query: try QueryParser().parse(word), fuzzy: false))
            #expect(prefilter.fragments.isEmpty && prefilter.spellings.isEmpty)
            for text in texts {
                #expect(matcher.match(MatchPattern(word), in: text) == nil, "\(word) in \(text)")
                let line = Array(#"{"kind":"note","name":"\#(text)"}"#.utf8)
                #expect(line.withUnsafeBytes { !prefilter.mayMatch($0) && !prefilter.mayMatchFuzzily($0) })
            }
            for line in [#"{"name":"\u65e5"}"#, #"{"name":"日本"}"#] {
                #expect(Array(line.utf8).withUnsafeBytes { prefilter.mayMatch($0) })
            }
        }
        // A word with an ASCII spelling keeps every line that spells it either way: the
        // Unicode form as UTF-8 or as JSON escapes, and the ASCII form.
        let lines = [
            #"{"kind":"domain","name":"пример.рф"}"#,
            #"{"kind":"domain","name":"\u043f\u0440\u0438\u043c\u0435\u0440.\u0440\u0444"}"#,
            #"{"kind":"domain","name":"xn--e1afmkfd.xn--p1ai"}"#, #"{"kind":"domain","name":"XN--E1AFMKFD.XN--P1AI"}"#,
        ]
        for word in ["пример.рф", "xn--e1afmkfd.xn--p1ai"] {
            guard let prefilter = LinePrefilter(query: try QueryParser().parse(word), fuzzy: false) else { continue }
            for line in lines {
                #expect(Array(line.utf8).withUnsafeBytes { prefilter.mayMatch($0) }, "\(word) in \(line)")
            }
        }
    }

    /// `price:5.00` compares numbers, so it finds `"price":5.0` and
    /// `"price":5`, whose bytes do not hold `5.00`: such a term gives no
    /// fragments (the agreement test runs `level:5.00` and `level:10`
    /// against `5.0` and `1e1`).
    @Test func aFieldTermThatIsANumberRulesNoLineOut() throws {
        #expect(LinePrefilter(query: try QueryParser().parse("price:5.00"), fuzzy: false) == nil)
        let mixed = try #require(LinePrefilter(query: try QueryParser().parse("price:5.00 coffee"), fuzzy: false))
        #expect(mixed.pattern.term == "coffee" && !mixed.isFieldTerm)
    }

    @Test func aQueryThatMatchesNothingStillFindsFuzzyMatches() throws {
        let path = try Self.writeFile(seed: 8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let parallel = try run("cfee", path: path, mode: .blocks)
        #expect(try run("cfee", path: path, mode: .records) == parallel)
        #expect(!parallel.hits.isEmpty)
        #expect(parallel.hits.allSatisfy { $0.hasSuffix("fuzzy") }, "\(parallel.hits)")
    }

    /// `cofee` may be cut as `co` + `fee` or `cof` + `ee`; on `.com` domains
    /// the first lets every line through, so the sample picks the second.
    @Test func theSampleChoosesTheCutThatLetsFewestLinesThrough() throws {
        let query = try QueryParser().parse("cofee")
        let prefilter = try #require(LinePrefilter(query: query, fuzzy: false))
        #expect(prefilter.fragments.contains(Array("co".utf8)))
        let sample = Array(
            (0..<200).map { #"{"kind":"domain","name":"shop\#($0).com","status":"taken"}"# + "\n" }.joined().utf8)
        let adapted = sample.withUnsafeBytes { prefilter.adapted(toSample: $0) }
        #expect(adapted.fragments.map { String(decoding: $0, as: UTF8.self) } == ["cof", "ee", "coefe"])
    }
}
