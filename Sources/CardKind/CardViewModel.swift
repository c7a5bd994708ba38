public import ResultKit

/// How a card looks in the table: its derived name, symbol and colour.
public struct CardViewModel: CellRepresentable {
    /// The card shown.
    public var card: Card

    public init(card: Card) {
        self.card = card
    }

    public var name: String { card.name }

    /// The symbol and the colour, red for hearts and diamonds.
    public var detailCells: [Cell] {
        let style: CellStyle = card.suit.isRed ? .red : .plain
        return [Cell(card.symbol, style: style), Cell(card.color, style: style)]
    }
}
