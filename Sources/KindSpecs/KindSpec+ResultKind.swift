public import ResultKit
import StreamingJSON

extension KindSpec {
    /// The kind this spec describes, as the engine uses every kind.
    ///
    /// Its origin is the spec's file. Each column is a field: its header
    /// names it in filters, `--sort` and `--fields` (``Column/fieldName``),
    /// whatever the depth of its path, and reads the value the column
    /// shows; the top-level keys of its columns' paths and its search
    /// fields' names are fields too.
    public var kind: ResultKind {
        kind(sample: nil)
    }

    /// ``kind`` with a bundled sample: the one of the built-in kind the
    /// spec replaces.
    func kind(sample: BundledSample?) -> ResultKind {
        let spec = self
        let maxWidths = columns.map(\.maxWidth)
        let usage = self.usage
        var fields: [String] = []
        func add(_ field: String) {
            if !fields.contains(field) { fields.append(field) }
        }
        searchFields.map(\.name).forEach(add)
        columns.compactMap(\.fieldName).forEach(add)
        columns.compactMap(\.path?.topLevelKey).forEach(add)
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
                    keepsWhole: column.type != .string || column.format != .plain,
                    isRequired: column.isRequired,
                    wraps: column.wraps,
                    source: column.sourceDescription,
                    valueType: column.type.rawValue + (column.format == .plain ? "" : " (\(column.format.name))")
                )
            },
            searchFields: searchFields.map { field in
                switch field.source {
                case .path(let pointer):
                    ResultKit.SearchField(
                        field.name, weight: field.weight, reads: pointer.readKeys
                    ) { object in
                        SpecValue.text(at: pointer, in: object).flatMap { $0.isEmpty ? nil : $0 }
                    }
                case .template(let template):
                    ResultKit.SearchField(field.name, weight: field.weight, reads: template.topLevelKeys) { object in
                        template.renderIfPossible(object)
                    }
                }
            },
            fields: fields,
            namedFields: columns.compactMap { column in
                // Declared even when the name is the path's own key: the
                // value is then read as the column reads it (blank is
                // missing, an array of scalars is its joined text).
                guard let name = column.fieldName else { return nil }
                return KindField(name, source: column.sourceDescription, reads: column.readKeys) { object in
                    SpecRow.value(of: column, in: object).map(SpecValue.fieldValue)
                }
            },
            sample: sample,
            origin: file,
            makeRow: { (object) throws(RecordDecodingError) -> any CellRepresentable in
                try SpecRow(spec: spec, maxWidths: maxWidths, usage: usage, object: object)
            }
        )
    }
}

extension JSONPointer {
    /// The top-level record fields the pointer reads: its first token, or
    /// `nil` (any) when that is the wildcard.
    var readKeys: [String]? {
        guard let first = tokens.first, first != JSONPointer.wildcard else { return nil }
        return [first]
    }
}

extension KindSpec.Column {
    /// The top-level record fields the column's value is read from.
    var readKeys: [String]? {
        switch source {
        case .path(let pointer): pointer.readKeys
        case .template(let template): template.topLevelKeys
        }
    }
}
