public import ResultKit

extension ResultKind {
    /// Products with a price (or free) and a rating.
    public static let product = ResultKind(
        name: "product",
        plural: "products",
        columns: [
            KindColumn("PRICE", field: "price", alignment: .right, priority: 60, minWidth: 6),
            KindColumn("RATING", field: "rating", priority: 40, minWidth: 6, keepsWhole: true),
            // A longer description wraps onto the row's second line rather than widening the table.
            KindColumn("ABOUT", field: "description", priority: 10, minWidth: 12, maxWidth: 40),
        ],
        searchFields: [
            .field("name", weight: 100),
            .field("category", weight: 30),
            .field("description", weight: 10),
            .field("ingredients", weight: 10),
        ],
        fields: ["name", "price", "rating", "currency"],
        sample: BundledSample(fileName: "products.jsonl", text: sampleNDJSON),
        decode: Product.init(record:),
        present: ProductViewModel.init(model:)
    )
}
