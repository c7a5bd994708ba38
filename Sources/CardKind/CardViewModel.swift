public import ResultKit
public import TerminalTable

/// How a card looks in the table: its derived name, symbol and colour.
///
/// The name and cells are made once, when the card is set, since the table
/// asks for them both to size the row and to draw it.
public struct CardViewModel: CellRepresentable {
    /// The card shown; setting it remakes the name and cells.
    public var card: Card {
        didSet { presented = Presented(card) }
    }

    /// The card's derived name and cells.
    private var presented: Presented

    public init(card: Card) {
        self.card = card
        self.presented = Presented(card)
    }

    public var name: String { presented.name }

    public var detailCells: [Cell] { presented.cells }

    /// What the table shows of a card, made once.
    private struct Presented: Sendable {
        let name: String
        /// The symbol and colour cells, red for hearts and diamonds.
        let cells: [Cell]

        init(_ card: Card) {
            name = card.name
            let style: CellStyle = card.suit.isRed ? .red : .plain
            cells = [Cell(card.symbol, style: style), Cell(card.suit.isRed ? "red" : "black", style: style)]
        }
    }
}
