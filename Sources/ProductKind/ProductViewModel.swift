public import ResultKit
public import TerminalTable

/// How a product looks in the table: price, stars, and a short description
/// that may take a second line.
///
/// The cells are made once, when the product is set, since the table asks
/// for them both to size the row and to draw it.
public struct ProductViewModel: CellRepresentable {
    /// The widest the description is allowed before it wraps.
    static let aboutWidth = 40

    /// The product shown; setting it remakes the texts.
    public var product: Product {
        didSet { texts = Texts(product) }
    }

    /// The texts, cells and widths derived from ``product``.
    private var texts: Texts

    public init(product: Product) {
        self.product = product
        self.texts = Texts(product)
    }

    public var name: String { product.name }

    /// `$4.99`, `$156,000`, `€3.50`, `CHF 12.00`, or `free`.
    public var price: String { texts.price }

    /// `★★☆☆☆ 2.0`, or `–` when unrated.
    public var rating: String { texts.rating }

    /// Two lines when the description does not fit one.
    public var rowHeight: Int {
        texts.aboutWidth > Self.aboutWidth ? 2 : 1
    }

    public var detailCells: [Cell] { texts.cells }

    /// The description asks for at most ``aboutWidth`` cells: longer text
    /// wraps onto the row's second line instead of widening the table.
    public var cellWidths: [Int] { texts.widths }

    /// What the table shows of a product, made once.
    private struct Texts: Sendable {
        let price: String
        let rating: String
        /// The price, rating and description cells.
        let cells: [Cell]
        /// The widths of the name and of each cell, the description's at most ``aboutWidth``.
        let widths: [Int]
        /// The width of the description, 0 when there is none.
        let aboutWidth: Int

        init(_ product: Product) {
            if let amount = product.price {
                price = PriceFormatter.format(amount, currency: product.currency)
            } else {
                price = "free"
            }
            if let value = product.rating {
                let stars = Int(value.rounded())
                let tenths = Int((value * 10).rounded())
                rating =
                    String(repeating: "★", count: stars) + String(repeating: "☆", count: 5 - stars)
                    + " \(tenths / 10).\(tenths % 10)"
            } else {
                rating = "–"
            }
            cells = [
                Cell(price, style: product.price == nil ? .green : .plain),
                Cell(rating, style: product.rating == nil ? .dim : .yellow),
                Cell(product.about ?? "", style: .dim),
            ]
            aboutWidth = product.about.map { DisplayWidth.of($0) } ?? 0
            // As drawn, except that the price and description are measured
            // before sanitising, as they always have been (the rating has no
            // controls to make visible).
            widths = [
                DisplayWidth.of(product.name), DisplayWidth.of(price), cells[1].displayWidth,
                min(aboutWidth, ProductViewModel.aboutWidth),
            ]
        }
    }
}
