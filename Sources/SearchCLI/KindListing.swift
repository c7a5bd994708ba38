import ResultKit
import ResultOutput
import StreamingJSON
import TerminalTable

/// `search --list-kinds`: every registered kind, its search fields with
/// weights, and where it comes from; then every column with the field name
/// filters, `--sort` and `--fields` know it by, where its value comes from
/// and its type. `-o json` gives the same as one JSON document.
enum KindListing {
    static func render(_ registry: KindRegistry, options: RenderOptions) -> String {
        let kinds = Section(
            title: nil,
            columns: [
                Column("KIND", priority: 100, keepsWhole: true),
                Column("PLURAL", priority: 20, keepsWhole: true),
                Column("SEARCH FIELDS (WEIGHT)", minWidth: 12, priority: 50),
                Column("ORIGIN", minWidth: 12, priority: 60),
            ],
            rows: registry.kinds.map { kind in
                Row(
                    [
                        // In the colour the table gives the kind.
                        Cell(kind.name, style: TableOutput.style(forKind: kind.name)),
                        Cell(kind.plural),
                        Cell(kind.searchFields.map { "\($0.name) (\($0.weight))" }.joined(separator: ", ")),
                        Cell(kind.origin, style: .dim),
                    ],
                    // Room for one search field a line: none is cut.
                    height: max(1, kind.searchFields.count))
            })
        let columns = Section(
            title: "Columns (filter, sort and --fields by FIELD):",
            columns: [
                Column("KIND", priority: 100),
                Column("COLUMN", priority: 90),
                Column("FIELD", priority: 80),
                Column("FROM", minWidth: 8, priority: 70),
                Column("TYPE", priority: 60),
            ],
            rows: registry.kinds.flatMap { kind in
                kind.columns.map { column in
                    Row([
                        Cell(kind.name, style: TableOutput.style(forKind: kind.name)),
                        Cell(column.header),
                        Cell(column.field),
                        Cell(source(of: column, in: kind)),
                        Cell(column.valueType ?? "–", style: column.valueType == nil ? .dim : .plain),
                    ])
                }
            })
        return TableRenderer.render([kinds], options: options) + "\n"
            + TableRenderer.render([columns], options: options)
    }

    /// Where a column's value comes from: what the kind says, else the
    /// field it declares, else the record field of that name.
    static func source(of column: KindColumn, in kind: ResultKind) -> String {
        if let source = column.source { return source }
        if let declared = kind.namedFields.first(where: { $0.name == column.field }) { return declared.source }
        return column.field == "*" ? "every field" : "/" + column.field
    }

    /// The listing as one JSON document, for `--list-kinds -o json`.
    static func json(_ registry: KindRegistry) -> String {
        let kinds: [JSONValue] = registry.kinds.map { kind in
            .object(
                JSONObject([
                    .init(key: "name", value: .string(kind.name)),
                    .init(key: "plural", value: .string(kind.plural)),
                    .init(key: "origin", value: .string(kind.origin)),
                    .init(key: "sample", value: kind.sample.map { .string($0.fileName) } ?? .null),
                    .init(
                        key: "columns",
                        value: .array(
                            kind.columns.map { column in
                                .object(
                                    JSONObject([
                                        .init(key: "header", value: .string(column.header)),
                                        .init(key: "field", value: .string(column.field)),
                                        .init(key: "from", value: .string(source(of: column, in: kind))),
                                        .init(key: "type", value: column.valueType.map(JSONValue.string) ?? .null),
                                        .init(key: "priority", value: .number(String(column.priority))),
                                    ]))
                            })),
                    .init(
                        key: "searchFields",
                        value: .array(
                            kind.searchFields.map { field in
                                .object(
                                    JSONObject([
                                        .init(key: "name", value: .string(field.name)),
                                        .init(key: "weight", value: .number(String(field.weight))),
                                    ]))
                            })),
                    .init(key: "fields", value: .array(kind.fields.map(JSONValue.string))),
                ]))
        }
        return JSONWriter.string(.object(JSONObject([.init(key: "kinds", value: .array(kinds))]))) + "\n"
    }
}
