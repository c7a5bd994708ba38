public import ResultKit

/// How a card looks in the table: its derived name, symbol and colour.
public struct CardViewModel: CellRepresentable {
    /// The card shown.
    public var model: Card

    public init(model: Card) {
        self.model = model
    }

    public var name: String { model.name }

    /// The symbol and the colour, red for hearts and diamonds.
    public var detailCells: [Cell] {
        let style: CellStyle = model.suit.isRed ? .red : .plain
        return [Cell(model.symbol, style: style), Cell(model.color, style: style)]
    }
}
