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

    /// `$4.99`, `$156,000`, `€3.50`, `CHF 12.00`, `free` for a price of 0,
    /// or `–` when the price is unknown.
    public var price: String { texts.price }

    /// `★★☆☆☆ 2.0`, or `–` when unrated.
    public var rating: String { texts.rating }

    /// Up to two lines: a long name or description wraps onto the second.
    public var rowHeight: Int { 2 }

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
                // Nothing to pay reads as such, in every currency.
                price = amount == 0 ? "free" : PriceFormatter.format(amount, currency: product.currency)
            } else {
                // No price is not a price of nothing: it is unknown.
                price = "–"
            }
            let ratingCell: Cell
            if let value = product.rating {
                (rating, ratingCell) = RatingText.text(for: value)
            } else {
                rating = "–"
                ratingCell = RatingText.unrated
            }
            let priceCell = Cell(
                price, style: product.price == 0 ? .green : product.price == nil ? .dim : .plain)
            let aboutCell = Cell(product.about ?? "", style: .dim)
            cells = [priceCell, ratingCell, aboutCell]
            // Text with nothing to make visible measures the same before and
            // after sanitising: the cells' widths are those of the texts.
            aboutWidth = product.about.map { aboutCell.isVerbatim ? aboutCell.displayWidth : DisplayWidth.of($0) } ?? 0
            // As drawn, except that the price and description are measured
            // before sanitising, as they always have been (the rating has no
            // controls to make visible).
            widths = [
                DisplayWidth.of(product.name), priceCell.isVerbatim ? priceCell.displayWidth : DisplayWidth.of(price),
                ratingCell.displayWidth, min(aboutWidth, ProductViewModel.aboutWidth),
            ]
        }
    }

    /// `★★☆☆☆ 2.0` for a rating of 2, made once for every rating from 0 to 5
    /// in tenths: products share a few dozen texts.
    private enum RatingText {
        /// The cell of a product with no rating.
        static let unrated = Cell("–", style: .dim)

        /// A rating's text and its cell.
        struct Entry: Sendable {
            let text: String
            let cell: Cell
        }

        /// The texts and cells by `stars × 51 + tenths`. Entries rather than
        /// tuples: an array's tuple is copied by the runtime's generic code.
        static let table: [Entry] = (0...5).flatMap { stars in
            (0...50).map { tenths in
                let text = make(stars: stars, tenths: tenths)
                return Entry(text: text, cell: Cell(text, style: .yellow))
            }
        }

        static func make(stars: Int, tenths: Int) -> String {
            String(repeating: "★", count: stars) + String(repeating: "☆", count: 5 - stars)
                + " \(tenths / 10).\(tenths % 10)"
        }

        /// The text and cell for `value`, from the table when it is a
        /// rating from 0 to 5.
        static func text(for value: Double) -> (String, Cell) {
            let stars = Int(value.rounded())
            let tenths = Int((value * 10).rounded())
            if (0...5).contains(stars), (0...50).contains(tenths) {
                let entry = table[stars * 51 + tenths]
                return (entry.text, entry.cell)
            }
            let text = make(stars: stars, tenths: tenths)
            return (text, Cell(text, style: .yellow))
        }
    }
}
