public import ResultKit
import StreamingJSON

extension KindSpec {
    /// The kind this spec describes, as the engine uses every kind.
    ///
    /// Its origin is the spec's file. Its `fields` are the search field names
    /// and the top-level keys of its columns (`/price` gives `price`), so that
    /// `field:value` filters and `--sort` work on them.
    public var kind: ResultKind {
        let spec = self
        let maxWidths = columns.map(\.maxWidth)
        var fields: [String] = []
        for field in searchFields.map(\.name) + columns.compactMap(\.path.topLevelKey) where !fields.contains(field) {
            fields.append(field)
        }
        return ResultKind(
            name: name,
            plural: plural,
            columns: columns.map { column in
                KindColumn(
                    column.header,
                    field: column.field,
                    alignment: column.alignment,
                    priority: column.priority,
                    minWidth: column.minWidth,
                    maxWidth: column.maxWidth,
                    // A number, flag or date, or any formatted value, cut would read as another.
                    keepsWhole: column.type != .string || column.format != .plain
                    // `required` says a record must have the value, not that
                    // the column is kept before others: priority says that.
                )
            },
            searchFields: searchFields.map { field in
                switch field.source {
                case .path(let pointer):
                    ResultKit.SearchField(field.name, weight: field.weight, reads: pointer.tokens.first.map { [$0] }) {
                        object in
                        pointer.resolve(in: object).flatMap(SpecRow.text(of:))
                    }
                case .template(let template):
                    ResultKit.SearchField(field.name, weight: field.weight, reads: template.topLevelKeys) { object in
                        template.renderIfPossible(object)
                    }
                }
            },
            fields: fields,
            origin: file,
            makeRow: { (object) throws(RecordDecodingError) -> any CellRepresentable in
                try SpecRow(spec: spec, maxWidths: maxWidths, object: object)
            }
        )
    }
}
