import ResultKit
import ResultOutput
import SearchEngine
import StreamingJSON
import TestSupport
import Testing

/// `search --format json` and `--format jsonl` write their results in
/// pieces made on every core (`RecordOutput.forEachJSONPiece`): the pieces,
/// joined, are byte for byte the document `RecordOutput.json` makes and the
/// lines `RecordOutput.jsonLine` makes, for no result, one, a piece's worth
/// and one more, and more than a window of pieces; records of every kind of
/// value and text (controls, escapes, emoji), whole or cut to fields.
@Suite struct JSONPiecesTests {
    /// `count` hits of random records (some records are skipped, for a
    /// missing required field: twice as many are searched).
    static func hits(_ count: Int) throws -> [SearchHit] {
        var random = seededRandom(count)
        var session = SearchSession(
            registry: try OutputFixtures.registry(), query: try QueryParser().parse(""),
            options: SearchOptions(limit: max(1, count)))
        for line in 0..<(2 * count) {
            let record = Record(
                object: OutputFixtures.object(&random), location: SourceLocation(file: "p.jsonl", line: line + 1))
            session.consider(record) { _ in }
        }
        return Array(session.finish().hits.prefix(count))
    }

    static func pieces(
        _ hits: [SearchHit], shape: RecordOutput.JSONShape, fields: [String]?, stop: @escaping () -> Bool = { false }
    ) -> [[UInt8]] {
        var pieces: [[UInt8]] = []
        RecordOutput.forEachJSONPiece(
            hits, shape: shape, fields: fields, prepare: { $0 }, stop: stop, { pieces.append($0) })
        return pieces
    }

    /// Where the joined pieces first differ from `whole` (its length when
    /// one is a prefix of the other); `nil` when they are the same bytes.
    static func firstDifference(_ pieces: [[UInt8]], _ whole: [UInt8]) -> Int? {
        let joined = Array(pieces.joined())
        if joined == whole { return nil }
        return zip(joined, whole).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(joined.count, whole.count)
    }

    @Test(arguments: [0, 1, 2_048, 2_049, 9_000])
    func thePiecesAreTheDocumentAndTheLines(count: Int) throws {
        let hits = try Self.hits(count)
        #expect(hits.count == count)
        for fields in [nil, ["name", "kind", "price", "missing"]] {
            let query = "q \u{1B}\"\\ 中"
            let document = Self.pieces(hits, shape: .document(query: query, total: hits.count + 7), fields: fields)
            let whole = Array(RecordOutput.json(hits, query: query, total: hits.count + 7, fields: fields).utf8)
            #expect(Self.firstDifference(document, whole) == nil, "the document, \(count) results")
            let lines = Self.pieces(hits, shape: .lines, fields: fields)
            let eachLine = Array(hits.map { RecordOutput.jsonLine($0, fields: fields) }.joined().utf8)
            #expect(Self.firstDifference(lines, eachLine) == nil, "the lines, \(count) results")
            // Pieces of at most a few thousand results each.
            #expect(lines.count == (hits.count + 2_047) / 2_048)
            #expect(document.count == max(1, lines.count) + 1)
        }
    }

    @Test func noPieceIsMadeOnceTheReaderIsGone() throws {
        let hits = try Self.hits(20_000)
        var asked = 0
        let pieces = Self.pieces(hits, shape: .lines, fields: nil) {
            asked += 1
            return asked > 1
        }
        // The first window only: two pieces per core, at most.
        #expect(!pieces.isEmpty)
        #expect(pieces.count < (hits.count + 2_047) / 2_048)
    }
}
