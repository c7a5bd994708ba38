public import ResultKit

extension ResultKind {
    /// Playing cards. NAME (`Queen of Hearts`), symbol and colour are derived
    /// from the rank and suit, so `queen hearts` and `red queen` find the card.
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
            // The colour the table shows, so `red queen` finds the red queens.
            SearchField("color", weight: 10, reads: ["suit"]) { object in (try? Card(record: object))?.color },
        ],
        fields: ["rank", "suit", "name", "symbol", "color"],
        sample: BundledSample(fileName: "cards.jsonl", text: sampleNDJSON),
        decode: Card.init(record:),
        present: CardViewModel.init(model:)
    )
}
