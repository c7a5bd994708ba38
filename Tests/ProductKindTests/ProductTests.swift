import ProductKind
import ResultKit
import Testing

@Suite struct ProductTests {
    func row(_ json: String) throws -> any CellRepresentable {
        let object = try #require(try JSONParser().parse(json).objectValue)
        return try ResultKind.product.makeRow(object)
    }

    @Test(arguments: [
        (#"{"name":"PreFlight","price":4.99,"rating":2}"#, "$4.99", "★★☆☆☆ 2.0"),
        (#"{"name":"Unknown price","price":null,"rating":null}"#, "–", "–"),
        (#"{"name":"No price"}"#, "–", "–"),
        (#"{"name":"Free thing","price":0,"rating":null}"#, "free", "–"),
        (#"{"name":"Free in euros","price":0,"currency":"EUR"}"#, "free", "–"),
        (#"{"name":"Car","price":156000,"rating":4.6}"#, "$156,000", "★★★★★ 4.6"),
        (#"{"name":"Croissant","price":"3.5","currency":"EUR"}"#, "€3.50", "–"),
        (#"{"name":"Watch","price":1234.5,"currency":"CHF"}"#, "CHF 1,234.50", "–"),
        (#"{"name":"Rail pass","price":999.99,"currency":"jpy"}"#, "¥999.99", "–"),
        (#"{"name":"Cent","price":0.01}"#, "$0.01", "–"),
        (#"{"name":"Yacht","price":1234567.891,"currency":"GBP"}"#, "£1,234,567.89", "–"),
        (#"{"name":"Island","price":12345678900,"currency":"EUR"}"#, "€12,345,678,900", "–"),
        (#"{"name":"Star","price":1e20}"#, "USD 1e+20", "–"),
    ])
    func priceAndRatingAreFormatted(json: String, price: String, rating: String) throws {
        let cells = try row(json).detailCells.map { $0.lines.joined(separator: "\n") }
        #expect(cells[0] == price)
        #expect(cells[1] == rating)
    }

    @Test func aLongDescriptionMayTakeASecondLineInAColumnOfAtMost40Cells() throws {
        let long = try row(#"{"name":"Game","price":null,"description":"\#(String(repeating: "word ", count: 20))"}"#)
        #expect(long.rowHeight == 2)
        // The row asks for its text's width; the column holds it to 40 (the golden tables show the wrap).
        #expect(long.cellWidths(for: long.detailCells) == [4, 1, 1, 100])  // no price: `–`
        #expect(ResultKind.product.columns.map(\.maxWidth) == [nil, nil, 40])
        // Every product may take two lines; the table takes one when its text fits.
        let short = try row(#"{"name":"Game","price":null,"description":"short"}"#)
        #expect(short.rowHeight == 2)
    }

    /// Every rating from 0 to 5 in hundredths, and those on the edges of
    /// rounding (2.45 rounds to 2 stars but to 2.5), written as the stars
    /// and one decimal each spells out: the labels made once are those
    /// made from the number.
    @Test func everyRatingIsItsStarsAndOneDecimal() {
        let ratings = (0...500).map { Double($0) / 100 } + [2.45, 2.449_999, 4.95, 0.05, 4.999_999, 0.049_999]
        for rating in ratings {
            let stars = Int(rating.rounded())
            let tenths = Int((rating * 10).rounded())
            let spelled =
                String(repeating: "★", count: stars) + String(repeating: "☆", count: 5 - stars)
                + " \(tenths / 10).\(tenths % 10)"
            let row = ProductViewModel(model: Product(name: "x", price: nil, rating: rating))
            #expect(row.rating == spelled, "\(rating)")
        }
        #expect(ProductViewModel(model: Product(name: "x", price: nil, rating: 2.45)).rating == "★★☆☆☆ 2.5")
    }

    @Test func changingTheProductChangesEveryText() {
        var row = ProductViewModel(model: Product(name: "Kettle", price: 20, rating: 1, about: "short"))
        row.model = Product(
            name: "Urn", price: 1234.5, rating: 4, currency: "EUR", about: String(repeating: "x", count: 41))
        #expect(row.name == "Urn")
        #expect(row.price == "€1,234.50")
        #expect(row.rating == "★★★★☆ 4.0")
        #expect(
            row.detailCells.map { $0.lines.joined() } == [
                "€1,234.50", "★★★★☆ 4.0", String(repeating: "x", count: 41),
            ])
        #expect(row.cellWidths(for: row.detailCells) == [3, 9, 9, 41])
        #expect(row.rowHeight == 2)
        row.model.price = nil
        #expect(row.price == "–")
        row.model.price = 0
        #expect(row.price == "free")
    }

    @Test(arguments: [
        (#"{"price":1}"#, "missing field \"name\""),
        (#"{"name":"x","price":-1}"#, "field \"price\" is negative"),
        (#"{"name":"x","rating":7}"#, "field \"rating\" must be from 0 to 5, not 7.0"),
        (#"{"name":"x","price":"cheap"}"#, "field \"price\" must be a number, not \"cheap\""),
        (#"{"name":"x","price":1e400}"#, "field \"price\": 1e400 is out of range"),
    ])
    func badRecordsAreRejectedWithAReason(json: String, reason: String) {
        #expect(throws: RecordDecodingError(reason)) { try row(json) }
    }
}
