public import ResultKit

/// How a product looks in the table: price, stars, and a short description
/// that may take a second line.
public struct ProductViewModel: CellRepresentable {
    /// The product shown.
    public var model: Product

    public init(model: Product) {
        self.model = model
    }

    public var name: String { model.name }

    /// `$4.99`, `$156,000`, `€3.50`, `CHF 12.00`, `free` for a price of 0,
    /// or `–` when the price is unknown (no price is not a price of nothing).
    public var price: String {
        guard let amount = model.price else { return "–" }
        return amount == 0 ? "free" : PriceFormatter.format(amount, currency: model.currency)
    }

    /// `★★☆☆☆ 2.0`, or `–` when unrated.
    public var rating: String {
        guard let rating = model.rating else { return "–" }
        let value = min(5, max(0, rating))
        let stars = Int(value.rounded())
        let tenths = Int((value * 10).rounded())
        return Self.ratingLabels[stars][tenths]
    }

    /// Every label a rating can have, by its full stars and its tenths:
    /// `ratingLabels[2][20]` is `★★☆☆☆ 2.0`. Made once, as every row of a
    /// table asks for one.
    static let ratingLabels = (0...5).map { stars in
        (0...50).map { tenths in
            String(repeating: "★", count: stars) + String(repeating: "☆", count: 5 - stars)
                + " \(tenths / 10).\(tenths % 10)"
        }
    }

    /// Up to two lines: a long name or description wraps onto the second.
    public var rowHeight: Int { 2 }

    public var detailCells: [Cell] {
        [
            Cell(price, style: model.price == 0 ? .green : model.price == nil ? .dim : .plain),
            Cell(rating, style: model.rating == nil ? .dim : .yellow),
            Cell(model.about ?? "", style: .dim),
        ]
    }
}
