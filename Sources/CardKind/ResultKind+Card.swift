public import ResultKit
import StreamingJSON

extension ResultKind {
    /// Playing cards. NAME (`Queen of Hearts`), symbol and colour are derived
    /// from the rank and suit, so `queen hearts` finds the card.
    public static let card = ResultKind(
        name: "card",
        plural: "cards",
        columns: [
            KindColumn("CARD", field: "rank", priority: 50),
            KindColumn("COLOR", field: "suit", priority: 20),
        ],
        searchFields: [
            SearchField("name", weight: 100, reads: ["rank", "suit"]) { object in (try? Card(record: object))?.name },
            SearchField("symbol", weight: 50, reads: ["rank", "suit"]) { object in (try? Card(record: object))?.symbol
            },
        ],
        fields: ["rank", "suit", "name", "symbol"],
        sample: BundledSample(fileName: "cards.jsonl", text: sampleNDJSON),
        decode: Card.init(record:),
        present: CardViewModel.init(card:)
    )
}
