import CardKind
import ResultKit
import SearchEngine
import TestSupport
import Testing

@Suite struct CardTests {
    func row(_ json: String) throws -> any CellRepresentable {
        let object = try #require(try JSONParser().parse(json).objectValue)
        return try ResultKind.card.makeRow(object)
    }

    @Test func nameSymbolAndColourAreDerivedFromRankAndSuit() throws {
        let row = try row(#"{"kind":"card","rank":"Q","suit":"hearts"}"#)
        #expect(row.name == "Queen of Hearts")
        #expect(row.detailCells.map { $0.lines.joined(separator: "\n") } == ["Q♥", "red"])
        #expect(row.rowHeight == 1)
    }

    @Test func changingTheCardChangesItsNameAndSymbol() throws {
        let object = try #require(try JSONParser().parse(#"{"rank":"Q","suit":"hearts"}"#).objectValue)
        var row = CardViewModel(model: try Card(record: object))
        row.model.suit = .spades
        #expect(row.name == "Queen of Spades")
        #expect(row.detailCells.map { $0.lines.joined() } == ["Q♠", "black"])
    }

    @Test(arguments: Card.Suit.allCases)
    func everyCardShowsItsOwnNameSymbolColourAndWidths(suit: Card.Suit) {
        for rank in Card.Rank.allCases {
            let card = Card(rank: rank, suit: suit)
            let row = CardViewModel(model: card)
            let colour = suit.isRed ? "red" : "black"
            #expect(row.name == card.name)
            #expect(row.detailCells.map { $0.lines.joined() } == [card.symbol, colour])
            #expect(
                row.cellWidths(for: row.detailCells) == [card.name.count, rank.rawValue.count + 1, colour.count])
        }
    }

    @Test(arguments: [
        (#"{"rank":"Z","suit":"hearts"}"#, "field \"rank\": \"Z\" is not one of A, 2…10, J, Q, K"),
        (#"{"rank":"Q","suit":"stars"}"#, "field \"suit\": \"stars\" is not one of spades, hearts, diamonds, clubs"),
        (#"{"rank":"Q"}"#, "missing field \"suit\""),
        (#"{"rank":12,"suit":"clubs"}"#, "field \"rank\" must be a string, not a number"),
    ])
    func badRecordsAreRejectedWithAReason(json: String, reason: String) {
        #expect(throws: RecordDecodingError(reason)) { try row(json) }
    }

    @Test func theBundledSampleIsTheWholeDeck() throws {
        let registry = try KindRegistry([.card])
        var names = Set<String>()
        var problems: [Diagnostic] = []
        let sample = try #require(ResultKind.card.sample)
        RecordReader(registry: registry).read(
            .bundled(sample, kind: "card"),
            record: { record in
                if let row = try? ResultKind.card.makeRow(record.object) { names.insert(row.name) }
            },
            diagnose: { problems.append($0) }
        )
        #expect(problems.isEmpty)
        #expect(names.count == 52)
        #expect(names.contains("Ace of Spades") && names.contains("King of Clubs"))
    }

    @Test func queenHeartsFindsTheCard() throws {
        let registry = try KindRegistry([.card])
        var session = SearchSession(
            registry: registry, query: try QueryParser().parse("queen hearts"), options: SearchOptions())
        let sample = try #require(ResultKind.card.sample)
        RecordReader(registry: registry).read(
            .bundled(sample, kind: "card"),
            record: { session.consider($0) { _ in } },
            diagnose: { _ in }
        )
        #expect(session.finish().hits.map(\.row.name) == ["Queen of Hearts"])
    }
}
