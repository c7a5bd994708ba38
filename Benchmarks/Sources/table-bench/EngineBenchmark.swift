import BenchSupport
import TerminalTable

/// Times the table engine alone in this process: `TableRenderer` over a
/// merged table built from the generated records, the way `TableOutput`
/// builds it (KIND and NAME shared, each kind's columns in its own group).
///
/// The cells are made here from the records' fields, not by the kinds' view
/// models (which the root package does not export), so this isolates layout
/// and drawing; the whole-process figures include everything.
enum EngineBenchmark {
    /// The merged table of `records`.
    static func table(_ records: [GeneratedRecord]) -> MergedTable {
        let groups = [
            DetailGroup(
                title: "product",
                columns: [
                    Column("PRICE", alignment: .right, minWidth: 5, priority: 50),
                    Column("RATING", minWidth: 3, priority: 30),
                    Column("ABOUT", minWidth: 10, maxWidth: 40, priority: 10),
                ]),
            DetailGroup(title: "domain", columns: [Column("STATUS", minWidth: 5, priority: 50)]),
            DetailGroup(title: "card", columns: [Column("CARD", priority: 50), Column("COLOR", priority: 40)]),
            DetailGroup(title: RecordGenerator.unknownKind, columns: [Column("FIELDS", minWidth: 10, priority: 10)]),
        ]
        let rows = records.map { record -> MergedRow in
            let (group, details) = Self.details(record)
            let shared = [Cell(record.kind), Cell(record.name, style: .bold)]
            let cells = shared + details
            let about = details.count == 3 ? details[2].displayWidth : 0
            return MergedRow(
                group: group, shared: shared, details: details,
                size: RowSize(height: about > 40 ? 2 : 1, measuring: cells))
        }
        return MergedTable(
            shared: [Column("KIND", minWidth: 4, priority: 90), Column("NAME", minWidth: 8, priority: 100)],
            groups: groups, rows: rows)
    }

    private static let suits = ["spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"]

    private static func details(_ record: GeneratedRecord) -> (Int, [Cell]) {
        switch record.kind {
        case "product":
            let price = record["price"] == .null ? "free" : "$" + record.text("price")
            return (0, [Cell(price), Cell(record.text("rating")), Cell(record.text("description"))])
        case "domain":
            return (1, [Cell(record.text("status"))])
        case "card":
            let suit = record.text("suit")
            let color = suit == "hearts" || suit == "diamonds" ? "red" : "black"
            return (2, [Cell(record.text("rank") + (suits[suit] ?? "?")), Cell(color)])
        default:
            let fields = record.fields.map { "\($0.key)=\(record.text($0.key))" }.joined(separator: " ")
            return (3, [Cell(fields)])
        }
    }
}
