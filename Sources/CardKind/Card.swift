public import ResultKit

/// A playing card of the standard 52-card deck.
public struct Card: Sendable, Hashable {
    /// A card's rank, from ace to king.
    public enum Rank: String, Sendable, CaseIterable {
        case ace = "A"
        case two = "2"
        case three = "3"
        case four = "4"
        case five = "5"
        case six = "6"
        case seven = "7"
        case eight = "8"
        case nine = "9"
        case ten = "10"
        case jack = "J"
        case queen = "Q"
        case king = "K"

        /// `Queen`, `Ten`.
        public var title: String {
            switch self {
            case .ace: "Ace"
            case .two: "Two"
            case .three: "Three"
            case .four: "Four"
            case .five: "Five"
            case .six: "Six"
            case .seven: "Seven"
            case .eight: "Eight"
            case .nine: "Nine"
            case .ten: "Ten"
            case .jack: "Jack"
            case .queen: "Queen"
            case .king: "King"
            }
        }
    }

    /// A card's suit.
    public enum Suit: String, Sendable, CaseIterable {
        case spades, hearts, diamonds, clubs

        /// `♠`, `♥`, `♦`, `♣`.
        public var symbol: String {
            switch self {
            case .spades: "♠"
            case .hearts: "♥"
            case .diamonds: "♦"
            case .clubs: "♣"
            }
        }

        /// Hearts and diamonds are red.
        public var isRed: Bool { self == .hearts || self == .diamonds }
    }

    public var rank: Rank
    public var suit: Suit

    public init(rank: Rank, suit: Suit) {
        self.rank = rank
        self.suit = suit
    }

    /// Decodes `{"kind":"card","rank":"Q","suit":"hearts"}`. Ranks may also be
    /// written as words (`queen`) and suits in any case.
    public init(record: JSONObject) throws(RecordDecodingError) {
        let rankText = try record.requiredString("rank")
        let suitText = try record.requiredString("suit")
        // Written as the raw value (most records), no case folding is needed.
        guard
            let rank = Rank(rawValue: rankText) ?? Rank(rawValue: rankText.uppercased())
                ?? Rank.allCases.first(where: { $0.title.lowercased() == rankText.lowercased() })
        else {
            throw RecordDecodingError("field \"rank\": \"\(rankText)\" is not one of A, 2…10, J, Q, K")
        }
        guard let suit = Suit(rawValue: suitText) ?? Suit(rawValue: suitText.lowercased()) else {
            throw RecordDecodingError("field \"suit\": \"\(suitText)\" is not one of spades, hearts, diamonds, clubs")
        }
        self.init(rank: rank, suit: suit)
    }

    /// `Queen of Hearts`.
    public var name: String { rank.title + " of " + suitTitle }

    /// `Hearts`: the suit's name capitalised.
    private var suitTitle: String {
        switch suit {
        case .spades: "Spades"
        case .hearts: "Hearts"
        case .diamonds: "Diamonds"
        case .clubs: "Clubs"
        }
    }

    /// `Q♥`.
    public var symbol: String { rank.rawValue + suit.symbol }

    /// `red` for hearts and diamonds, `black` for spades and clubs.
    public var color: String { suit.isRed ? "red" : "black" }
}
