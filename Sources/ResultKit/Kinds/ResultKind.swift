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
///         decode: Weather.init(record:), present: WeatherViewModel.init(model:)
///     )
/// }
/// ```
///
/// The decoder and the view model are typed; the engine keeps only the
/// closure that joins them, so no code ever downcasts a view model.
public struct ResultKind: Sendable {
    /// The kind's parts, shared by every copy: a kind is passed with every
    /// record, so a copy costs one reference count, not one per property.
    @usableFromInline final class Storage: Sendable {
        let name: String
        let plural: String
        let columns: [KindColumn]
        let searchFields: [SearchField]
        let fields: [String]
        let namedFields: [KindField]
        let sample: BundledSample?
        let origin: String
        let makeRow: @Sendable (JSONObject) throws(RecordDecodingError) -> any CellRepresentable
        let validate: @Sendable (JSONObject) throws(RecordDecodingError) -> [RecordNote]

        init(
            name: String,
            plural: String,
            columns: [KindColumn],
            searchFields: [SearchField],
            fields: [String],
            namedFields: [KindField],
            sample: BundledSample?,
            origin: String,
            makeRow: @escaping @Sendable (JSONObject) throws(RecordDecodingError) -> any CellRepresentable,
            validate: @escaping @Sendable (JSONObject) throws(RecordDecodingError) -> [RecordNote]
        ) {
            self.name = name
            self.plural = plural
            self.columns = columns
            self.searchFields = searchFields
            self.fields = fields
            self.namedFields = namedFields
            self.sample = sample
            self.origin = origin
            self.makeRow = makeRow
            self.validate = validate
        }
    }

    @usableFromInline let storage: Storage

    /// The singular name used in records' `kind` field and in `--kind`.
    public var name: String { storage.name }
    /// Which kind value this is: copies of one `ResultKind` share it, while
    /// two kinds made apart (even with one name) differ. Inlinable: a
    /// table asks it of every row, and a call into this module would count
    /// a reference to the kind each time.
    @inlinable package var identity: ObjectIdentifier { ObjectIdentifier(storage) }
    /// The plural, also accepted as a file name (`products.jsonl`).
    public var plural: String { storage.plural }
    /// The columns of this kind's details region, in order.
    public var columns: [KindColumn] { storage.columns }
    /// The texts this kind offers to the search, with their weights.
    public var searchFields: [SearchField] { storage.searchFields }
    /// The record fields this kind's schema names, for `field:value` filters.
    public var fields: [String] { storage.fields }
    /// The fields whose value is not the record's top-level key of that
    /// name (see ``KindField``); their names are among ``fields``.
    public var namedFields: [KindField] { storage.namedFields }
    /// The bundled sample, one JSON record per line.
    public var sample: BundledSample? { storage.sample }
    /// Where the kind comes from, such as `module ProductKind`.
    public var origin: String { storage.origin }
    /// Builds the row of a record, or says why the record does not fit.
    public var makeRow: @Sendable (JSONObject) throws(RecordDecodingError) -> any CellRepresentable { storage.makeRow }
    /// Decodes a record as ``makeRow`` does, throwing the same error for a
    /// record that does not fit and giving the notes its row would hold,
    /// without building the row: for a record the search counts but will
    /// not show (one that cannot rank among those kept), whose row would
    /// only be made to be freed.
    public var validate: @Sendable (JSONObject) throws(RecordDecodingError) -> [RecordNote] { storage.validate }

    /// The value filters, `--sort` and `--fields` mean by `field` in a
    /// record of this kind: a declared ``KindField``'s, else the record's
    /// top-level key of that name. `nil` when the record has none.
    public func value(ofField field: String, in object: JSONObject) -> JSONValue? {
        let named = storage.namedFields
        if !named.isEmpty {
            for declared in named where declared.name == field { return declared.value(object) }
        }
        return object[field]
    }

    /// The top-level record fields the value of `field` is read from: its
    /// ``KindField/reads`` when declared (`nil`: any), else `[field]`.
    public func reads(ofField field: String) -> [String]? {
        storage.namedFields.first { $0.name == field }.map(\.reads) ?? [field]
    }

    /// Declares a kind from a typed model and its view model.
    /// - Parameters:
    ///   - name: The singular name, lower-case.
    ///   - plural: The plural name.
    ///   - columns: The details columns; each view model gives one cell per column.
    ///   - searchFields: The searchable texts with their weights.
    ///   - fields: The record fields of the schema; search field names are added.
    ///   - namedFields: Fields whose value is not a top-level key of that name.
    ///   - sample: The bundled sample.
    ///   - decode: Builds the model from a record.
    ///   - present: Builds the view model from the model.
    ///   - fileID: Left to its default: names the declaring module in ``origin``.
    ///
    /// Inlinable so that the joining closure is specialized in the kind's
    /// own module: there each view model is boxed as `any CellRepresentable`
    /// from its concrete type. Boxed from generic code, every row would look
    /// its box's type up in the runtime's shared cache, which the cores of a
    /// parallel search contend for.
    @inlinable
    public init<Model, ViewModel: CellRepresentable>(
        name: String,
        plural: String,
        columns: [KindColumn],
        searchFields: [SearchField],
        fields: [String] = [],
        namedFields: [KindField] = [],
        sample: BundledSample? = nil,
        decode: @escaping @Sendable (JSONObject) throws(RecordDecodingError) -> Model,
        present: @escaping @Sendable (Model) -> ViewModel,
        fileID: String = #fileID
    ) {
        self.init(
            name: name, plural: plural, columns: columns, searchFields: searchFields,
            fields: Self.allFields(fields + namedFields.map(\.name), searchFields: searchFields, columns: columns),
            namedFields: namedFields, sample: sample,
            origin: "module " + (fileID.split(separator: "/").first.map(String.init) ?? fileID),
            makeRow: { (object) throws(RecordDecodingError) -> any CellRepresentable in
                present(try decode(object))
            },
            validate: { (object) throws(RecordDecodingError) -> [RecordNote] in
                _ = try decode(object)
                return []
            })
    }

    /// `fields`, then each search field's and column's field not among them.
    @usableFromInline
    static func allFields(_ fields: [String], searchFields: [SearchField], columns: [KindColumn]) -> [String] {
        var allFields = fields
        for field in searchFields.map(\.name) + columns.map(\.field) where !allFields.contains(field) {
            allFields.append(field)
        }
        return allFields
    }

    private init(storage: Storage) {
        self.storage = storage
    }

    /// The same kind under an identity of its own, for one search session.
    ///
    /// Every row that a session keeps counts a reference to its kind and
    /// calls its `makeRow`. Two cores counting references to one object
    /// contend for its cache line, so each worker of a parallel search
    /// works with its own copy, whose `makeRow` is a closure of its own.
    package func ownCopy() -> ResultKind {
        let makeRow = storage.makeRow
        let validate = storage.validate
        return ResultKind(
            storage: Storage(
                name: name, plural: plural, columns: columns, searchFields: searchFields, fields: fields,
                namedFields: namedFields, sample: sample, origin: origin,
                makeRow: { (object) throws(RecordDecodingError) -> any CellRepresentable in try makeRow(object) },
                validate: { (object) throws(RecordDecodingError) -> [RecordNote] in try validate(object) }))
    }

    /// A kind from its parts: one declared in a module, or built at run
    /// time, such as the fallback for unknown kinds.
    /// - Parameter validate: Decodes a record as `makeRow` does without
    ///   building its row; by default, `makeRow` with its row dropped and
    ///   its notes kept.
    @usableFromInline
    package init(
        name: String,
        plural: String,
        columns: [KindColumn],
        searchFields: [SearchField],
        fields: [String],
        namedFields: [KindField] = [],
        sample: BundledSample? = nil,
        origin: String,
        makeRow: @escaping @Sendable (JSONObject) throws(RecordDecodingError) -> any CellRepresentable,
        validate: (@Sendable (JSONObject) throws(RecordDecodingError) -> [RecordNote])? = nil
    ) {
        self.storage = Storage(
            name: name,
            plural: plural,
            columns: columns,
            searchFields: searchFields,
            fields: fields,
            namedFields: namedFields,
            sample: sample,
            origin: origin,
            makeRow: makeRow,
            validate: validate ?? Self.droppingRow(of: makeRow)
        )
    }

    /// `makeRow` with its row dropped and its notes kept.
    private static func droppingRow(
        of makeRow: @escaping @Sendable (JSONObject) throws(RecordDecodingError) -> any CellRepresentable
    ) -> @Sendable (JSONObject) throws(RecordDecodingError) -> [RecordNote] {
        { (object) throws(RecordDecodingError) -> [RecordNote] in try makeRow(object).notes }
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
