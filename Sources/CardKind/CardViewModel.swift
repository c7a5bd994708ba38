public import ResultKit
public import TerminalTable

/// How a card looks in the table: its derived name, symbol and colour.
///
/// The name, cells and widths of each of the 52 cards are made once, and
/// shared by every row that shows that card.
public struct CardViewModel: CellRepresentable {
    /// The card shown; setting it picks its name and cells.
    public var card: Card {
        didSet { presented = Presented.of(card) }
    }

    /// The card's derived name, cells and widths.
    private var presented: Presented

    public init(card: Card) {
        self.card = card
        self.presented = Presented.of(card)
    }

    public var name: String { presented.name }

    public var detailCells: [Cell] { presented.cells }

    public var cellWidths: [Int] { presented.widths }

    /// What the table shows of a card.
    private struct Presented: Sendable {
        let name: String
        /// The symbol and colour cells, red for hearts and diamonds.
        let cells: [Cell]
        /// The widths of the name and of each cell.
        let widths: [Int]

        init(_ card: Card) {
            name = card.name
            let style: CellStyle = card.suit.isRed ? .red : .plain
            cells = [Cell(card.symbol, style: style), Cell(card.suit.isRed ? "red" : "black", style: style)]
            widths = [CardViewModel.widestLine(of: name)] + cells.map(\.displayWidth)
        }

        /// Every card's, by suit then rank.
        static let deck: [Presented] = Card.Suit.allCases.flatMap { suit in
            Card.Rank.allCases.map { Presented(Card(rank: $0, suit: suit)) }
        }

        /// The card's, from ``deck``.
        static func of(_ card: Card) -> Presented {
            let suit =
                switch card.suit {
                case .spades: 0
                case .hearts: 1
                case .diamonds: 2
                case .clubs: 3
                }
            let rank =
                switch card.rank {
                case .ace: 0
                case .two: 1
                case .three: 2
                case .four: 3
                case .five: 4
                case .six: 5
                case .seven: 6
                case .eight: 7
                case .nine: 8
                case .ten: 9
                case .jack: 10
                case .queen: 11
                case .king: 12
                }
            return deck[suit * 13 + rank]
        }
    }
}
