public import StreamingJSON

/// Everything the engine knows about one kind of result, as a value.
///
/// A kind module declares its kind as a static member, so that the generated
/// registration can list it without the core ever naming it:
///
/// ```swift
/// extension ResultKind {
///     public static let weather = ResultKind(
///         name: "weather", plural: "weathers",
///         columns: [KindColumn("TEMP", field: "temp", alignment: .right)],
///         searchFields: [.field("name", weight: 100)],
///         decode: Weather.init(record:), present: WeatherViewModel.init
///     )
/// }
/// ```
///
/// The decoder and the view model are typed; the engine keeps only the
/// closure that joins them, so no code ever downcasts a view model.
public struct ResultKind: Sendable {
    /// The singular name used in records' `kind` field and in `--kind`.
    public let name: String
    /// The plural, also accepted as a file name (`products.jsonl`).
    public let plural: String
    /// The columns of this kind's details region, in order.
    public let columns: [KindColumn]
    /// The texts this kind offers to the search, with their weights.
    public let searchFields: [SearchField]
    /// The record fields this kind's schema names, for `field:value` filters.
    public let fields: [String]
    /// The bundled sample, one JSON record per line.
    public let sample: BundledSample?
    /// Where the kind comes from, such as `module ProductKind`.
    public let origin: String
    /// Builds the row of a record, or says why the record does not fit.
    public let makeRow: @Sendable (JSONObject) throws(RecordDecodingError) -> any CellRepresentable

    /// Declares a kind from a typed model and its view model.
    /// - Parameters:
    ///   - name: The singular name, lower-case.
    ///   - plural: The plural name.
    ///   - columns: The details columns; each view model gives one cell per column.
    ///   - searchFields: The searchable texts with their weights.
    ///   - fields: The record fields of the schema; search field names are added.
    ///   - sample: The bundled sample.
    ///   - decode: Builds the model from a record.
    ///   - present: Builds the view model from the model.
    ///   - fileID: Left to its default: names the declaring module in ``origin``.
    public init<Model, ViewModel: CellRepresentable>(
        name: String,
        plural: String,
        columns: [KindColumn],
        searchFields: [SearchField],
        fields: [String] = [],
        sample: BundledSample? = nil,
        decode: @escaping @Sendable (JSONObject) throws(RecordDecodingError) -> Model,
        present: @escaping @Sendable (Model) -> ViewModel,
        fileID: String = #fileID
    ) {
        self.name = name
        self.plural = plural
        self.columns = columns
        self.searchFields = searchFields
        var allFields = fields
        for field in searchFields.map(\.name) + columns.map(\.field) where !allFields.contains(field) {
            allFields.append(field)
        }
        self.fields = allFields
        self.sample = sample
        self.origin = "module " + (fileID.split(separator: "/").first.map(String.init) ?? fileID)
        self.makeRow = { (object) throws(RecordDecodingError) -> any CellRepresentable in
            present(try decode(object))
        }
    }

    /// A kind built at run time, such as the fallback for unknown kinds.
    package init(
        name: String,
        plural: String,
        columns: [KindColumn],
        searchFields: [SearchField],
        fields: [String],
        origin: String,
        makeRow: @escaping @Sendable (JSONObject) throws(RecordDecodingError) -> any CellRepresentable
    ) {
        self.name = name
        self.plural = plural
        self.columns = columns
        self.searchFields = searchFields
        self.fields = fields
        self.sample = nil
        self.origin = origin
        self.makeRow = makeRow
    }
}

/// A kind's bundled sample: NDJSON embedded in the binary as a static string,
/// so that a copied binary works without its build folder.
public struct BundledSample: Sendable {
    /// The file name shown in messages, such as `products.jsonl`.
    public let fileName: String
    /// The NDJSON text.
    public let text: StaticString

    public init(fileName: String, text: StaticString) {
        self.fileName = fileName
        self.text = text
    }
}
