public import ResultKit
public import TerminalTable

/// How a product looks in the table: price, stars, and a short description
/// that may take a second line.
public struct ProductViewModel: CellRepresentable {
    /// The widest the description is allowed before it wraps.
    static let aboutWidth = 40

    public var product: Product

    public init(product: Product) {
        self.product = product
    }

    public var name: String { product.name }

    /// `$4.99`, `$156,000`, `€3.50`, `CHF 12.00`, or `free`.
    public var price: String {
        guard let price = product.price else { return "free" }
        return PriceFormatter.format(price, currency: product.currency)
    }

    /// `★★☆☆☆ 2.0`, or `–` when unrated.
    public var rating: String {
        guard let rating = product.rating else { return "–" }
        let stars = Int((rating).rounded())
        let tenths = Int((rating * 10).rounded())
        return String(repeating: "★", count: stars) + String(repeating: "☆", count: 5 - stars)
            + " \(tenths / 10).\(tenths % 10)"
    }

    /// Two lines when the description does not fit one.
    public var rowHeight: Int {
        guard let about = product.about else { return 1 }
        return DisplayWidth.of(about) > Self.aboutWidth ? 2 : 1
    }

    public var detailCells: [Cell] {
        [
            Cell(price, style: product.price == nil ? .green : .plain),
            Cell(rating, style: product.rating == nil ? .dim : .yellow),
            Cell(product.about ?? "", style: .dim),
        ]
    }

    /// The description asks for at most ``aboutWidth`` cells: longer text
    /// wraps onto the row's second line instead of widening the table.
    public var cellWidths: [Int] {
        [
            DisplayWidth.of(name), DisplayWidth.of(price), DisplayWidth.of(rating),
            min(DisplayWidth.of(product.about ?? ""), Self.aboutWidth),
        ]
    }
}
