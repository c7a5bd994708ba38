import TerminalTable

/// Mixed multilingual rows shared by the golden tests.
enum Fixtures {
    static let shared = [
        Column("kind", minWidth: 4, priority: 100),
        Column("name", minWidth: 10, maxWidth: 30, priority: 90),
    ]

    static let groups = [
        DetailGroup(
            title: "product",
            columns: [
                Column("price", alignment: .right, minWidth: 6, priority: 50),
                Column("rating", alignment: .right, minWidth: 3, priority: 10),
                Column("description", minWidth: 16, maxWidth: 40, priority: 0),
            ]
        ),
        DetailGroup(
            title: "domain",
            columns: [
                Column("status", minWidth: 6, priority: 40),
                Column("expires", minWidth: 10, priority: 20),
            ]
        ),
        DetailGroup(
            title: "card",
            columns: [
                Column("suit", minWidth: 4, priority: 30),
                Column("rank", alignment: .right, minWidth: 4, priority: 30),
            ]
        ),
    ]

    /// (group, name, details, height)
    static let records: [(Int, String, [String], Int)] = [
        (0, "Café Crème 中文 Kaffee", ["$12.50", "4.5", "Fair-trade 日本語 beans roasted in Kyōto ☕ for 👨‍👩‍👧 families"], 2),
        (1, "例え.jp", ["active", "2031-01-01"], 1),
        (0, "한국어 키보드 ⌨️", ["$89.00", "4.8", "Mechanical keyboard with Hangul keycaps 🇰🇷"], 1),
        (2, "Ace of ♠️ spades", ["♠️", "A"], 1),
        (1, "ภาษาไทย-ที่นี่.th", ["expired", "2020-05-17"], 1),
        (0, "नमस्ते Namaste Tea", ["$7.25", "3.9", "Darjeeling ☝🏽 👍🏽 🏳️‍🌈 👩🏾‍💻 1️⃣"], 2),
        (1, "مرحبا.example", ["parked", "2027-11-30"], 1),
        (1, "עברית.co.il", ["active", "2029-02-28"], 1),
        (2, "Queen of ♥ hearts 👑", ["♥", "Q"], 1),
    ]

    static let kindStyles: [CellStyle] = [.cyan, .green, .magenta]

    static var mergedRows: [MergedRow] {
        records.map { group, name, details, height in
            let shared = [Cell(groups[group].title, style: kindStyles[group]), Cell(name, highlights: [0..<2])]
            let detailCells = details.map { Cell($0) }
            return MergedRow(
                group: group,
                shared: shared,
                details: detailCells,
                size: RowSize(height: height, measuring: shared + detailCells)
            )
        }
    }

    static var merged: MergedTable {
        MergedTable(shared: shared, groups: groups, rows: mergedRows)
    }

    static var sections: [Section] {
        groups.indices.map { group in
            let rows = records.filter { $0.0 == group }.map { _, name, details, height in
                Row([Cell(name, highlights: [0..<2])] + details.map { Cell($0) }, height: height)
            }
            return Section(title: groups[group].title, columns: [shared[1]] + groups[group].columns, rows: rows)
        }
    }
}
