/// How sources are read, besides their limits: what the command line says
/// about the input's shape where sniffing should not guess.
public struct ReadingOptions: Sendable, Equatable {
    /// The format of every source (`--input-format`), instead of the one its
    /// file name implies or its first bytes suggest.
    public var format: DataFormat?
    /// Where in each JSON document its records are (`--records`).
    public var records: RecordsPointer?
    /// The fields that name a record's kind, the first present winning
    /// (`--kind-field`, then the fields kind specs declare); empty for `kind`
    /// alone.
    public var kindFields: [String]

    public init(format: DataFormat? = nil, records: RecordsPointer? = nil, kindFields: [String] = []) {
        self.format = format
        self.records = records
        self.kindFields = kindFields
    }

    /// Whether a record's kind may be named by a field other than `kind`:
    /// then every record is parsed whole to find it.
    package var namesKindsElsewhere: Bool { kindFields.contains { $0 != "kind" } }
}
