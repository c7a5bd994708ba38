public import ResultKit
public import TerminalTable

/// How a card looks in the table: its derived name, symbol and colour.
///
/// The name and symbol are made once, when the card is set, since the table
/// asks for them both to size the row and to draw it.
public struct CardViewModel: CellRepresentable {
    /// The card shown; setting it remakes the texts.
    public var card: Card {
        didSet { texts = (card.name, card.symbol) }
    }

    /// The card's derived name and symbol.
    private var texts: (name: String, symbol: String)

    public init(card: Card) {
        self.card = card
        self.texts = (card.name, card.symbol)
    }

    public var name: String { texts.name }

    public var detailCells: [Cell] {
        let style: CellStyle = card.suit.isRed ? .red : .plain
        return [Cell(texts.symbol, style: style), Cell(card.suit.isRed ? "red" : "black", style: style)]
    }
}
