public import ResultKit

/// A product with an optional price and rating.
public struct Product: Sendable, Hashable {
    public var name: String
    /// The price: 0 for free of charge, `nil` when it is unknown.
    public var price: Double?
    /// The rating from 0 to 5; `nil` when unrated.
    public var rating: Double?
    /// The ISO 4217 currency code of the price.
    public var currency: String
    /// A short description, such as a pizza's ingredients or a game's summary.
    public var about: String?

    public init(name: String, price: Double?, rating: Double?, currency: String = "USD", about: String? = nil) {
        self.name = name
        self.price = price
        self.rating = rating
        self.currency = currency
        self.about = about
    }

    /// Decodes `{"kind":"product","name":"PreFlight","price":4.99,"rating":2}`,
    /// with an optional `currency` (default USD) and `description` or
    /// `ingredients`.
    public init(record: JSONObject) throws(RecordDecodingError) {
        let name = try record.requiredString("name")
        guard !name.isEmpty else { throw RecordDecodingError("field \"name\" is empty") }
        let price = try record.optionalNumber("price")
        if let price, price < 0 { throw RecordDecodingError("field \"price\" is negative") }
        let rating = try record.optionalNumber("rating")
        if let rating, !(0...5).contains(rating) {
            throw RecordDecodingError("field \"rating\" must be from 0 to 5, not \(rating)")
        }
        var about = try record.optionalString("description")
        if about == nil { about = try record.optionalString("ingredients") }
        self.init(
            name: name,
            price: price,
            rating: rating,
            currency: try record.optionalString("currency") ?? "USD",
            about: about
        )
    }
}
