import ResultKit
import StreamingJSON
import TestSupport
import Testing

@testable import SearchEngine

/// A source's bound agrees with the engine's own order: each result comes
/// before the place of every result after it, never before its own or an
/// earlier one's, with and without `--sort`, either way.
@Suite struct KeyBoundTests {
    static let lines: [String] = {
        var random = SplitMix64(state: 5)
        var lines: [String] = []
        for index in 0..<300 {
            let words = ["coffee", "Coffee house", "tea", "coffeepot", "decoffee", "cofee"]
            let name = words[Int(random.next() % 6)] + " \(index % 7)"
            switch random.next() % 4 {
            case 0: lines.append(#"{"name":"\#(name)"}"#)
            case 1: lines.append(#"{"name":"\#(name)","price":"text \#(index % 3)"}"#)
            default: lines.append(#"{"name":"\#(name)","price":\#(Double(random.next() % 20) / 2)}"#)
            }
        }
        return lines
    }()

    static func place(_ hit: SearchHit, sort: FieldSort?) -> KeyBound {
        KeyBound(
            sort: sort.map { RecordFieldReading.sortPlace(of: $0.field, in: hit.record.object, kind: hit.kind) },
            rank: hit.rank)
    }

    @Test(arguments: [nil, "price", "-price"])
    func everyResultComesBeforeThePlacesOfThoseAfterIt(sortText: String?) throws {
        let sort = sortText.flatMap(FieldSort.init(parsing:))
        let result = try SearchEngine.search(
            sources: [SearchEngineTests.LinesSource(name: "lines", lines: Self.lines)],
            query: try QueryParser().parse("coffee"), options: SearchOptions(limit: 1000, sort: sort),
            registry: try KindRegistry([noteKind()])
        ) { _ in }
        let hits = result.hits
        #expect(hits.count > 100)
        // A text place stands for any text (see below): these compare by
        // number, by being absent, and by rank.
        for index in hits.indices.dropLast() where Self.place(hits[index + 1], sort: sort).sort != .text {
            let next = Self.place(hits[index + 1], sort: sort)
            #expect(hits[index].comesBefore(next, sort: sort), "\(index)")
            guard Self.place(hits[index], sort: sort).sort != .text else { continue }
            #expect(!hits[index + 1].comesBefore(Self.place(hits[index], sort: sort), sort: sort), "\(index)")
            #expect(!hits[index].comesBefore(Self.place(hits[index], sort: sort), sort: sort), "\(index)")
        }
        // A text value held back: only numbers come before it, and only ascending.
        if let sort, let first = hits.first {
            let textBound = KeyBound(sort: .text, rank: first.rank)
            for hit in hits {
                let isNumber = hit.record.object[sort.field]?.doubleValue != nil
                #expect(hit.comesBefore(textBound, sort: sort) == (isNumber && !sort.descending))
            }
        }
    }

    /// A field or kind a source notes as held counts as seen: no
    /// "unknown field" or "unknown kind" error for a filter that names it.
    @Test func notedFieldsAndKindsAreKnown() throws {
        struct Holding: SearchSource {
            var displayName: String { "holding" }
            func search(into sink: inout RecordSink) { sink.noteHeld(fields: ["lang"], kinds: ["Translation"]) }
        }
        let registry = try KindRegistry([noteKind()])
        for query in ["lang:th", "kind:translation", "lang:th kind:translation"] {
            let result = try SearchEngine.search(
                sources: [Holding()], query: try QueryParser().parse(query), options: SearchOptions(),
                registry: registry
            ) { _ in }
            #expect(result.hits.isEmpty)
        }
        #expect(throws: SearchError.self) {
            try SearchEngine.search(
                sources: [], query: try QueryParser().parse("lang:th"), options: SearchOptions(), registry: registry
            ) { _ in }
        }
    }
}
