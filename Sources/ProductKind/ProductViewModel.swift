public import ResultKit
public import TerminalTable

/// How a product looks in the table: price, stars, and a short description
/// that may take a second line.
public struct ProductViewModel: CellRepresentable {
    /// The widest the description asks to be: longer text wraps onto the
    /// row's second line instead of widening the table.
    static let aboutWidth = 40

    /// The product shown.
    public var product: Product

    public init(product: Product) {
        self.product = product
    }

    public var name: String { product.name }

    /// `$4.99`, `$156,000`, `€3.50`, `CHF 12.00`, `free` for a price of 0,
    /// or `–` when the price is unknown (no price is not a price of nothing).
    public var price: String {
        guard let amount = product.price else { return "–" }
        return amount == 0 ? "free" : PriceFormatter.format(amount, currency: product.currency)
    }

    /// `★★☆☆☆ 2.0`, or `–` when unrated.
    public var rating: String {
        guard let rating = product.rating else { return "–" }
        let value = min(5, max(0, rating))
        let stars = Int(value.rounded())
        let tenths = Int((value * 10).rounded())
        return Self.starBars[stars] + Self.oneDecimal[tenths]
    }

    /// `☆☆☆☆☆` to `★★★★★`, by the number of full stars: made once, as
    /// every row of a table asks for one.
    static let starBars = (0...5).map { String(repeating: "★", count: $0) + String(repeating: "☆", count: 5 - $0) }
    /// ` 0.0` to ` 5.0`, by tenths.
    static let oneDecimal = (0...50).map { " \($0 / 10).\($0 % 10)" }

    /// Up to two lines: a long name or description wraps onto the second.
    public var rowHeight: Int { 2 }

    public var detailCells: [Cell] {
        [
            Cell(price, style: product.price == 0 ? .green : product.price == nil ? .dim : .plain),
            Cell(rating, style: product.rating == nil ? .dim : .yellow),
            Cell(product.about ?? "", style: .dim),
        ]
    }

    /// As measured, except that the description asks for at most ``aboutWidth`` cells.
    public func cellWidths(for details: [Cell]) -> [Int] {
        var widths = [Self.widestLine(of: name)] + details.map(\.displayWidth)
        if widths.count == 4 { widths[3] = min(widths[3], Self.aboutWidth) }
        return widths
    }
}
