import ResultKit
import ResultOutput
import TerminalTable

/// `search --list-kinds`: every registered kind, its columns, its search
/// fields with weights, and where it comes from.
enum KindListing {
    static func render(_ registry: KindRegistry, options: RenderOptions) -> String {
        let columns = [
            Column("KIND", priority: 100),
            Column("PLURAL", priority: 20),
            Column("COLUMNS", priority: 50),
            Column("SEARCH FIELDS", priority: 40),
            Column("ORIGIN", priority: 60),
        ]
        let rows = registry.kinds.map { kind in
            Row([
                // In the colour the table gives the kind.
                Cell(kind.name, style: TableOutput.style(forKind: kind.name)),
                Cell(kind.plural),
                Cell(kind.columns.map(\.header).joined(separator: ", ")),
                Cell(kind.searchFields.map { "\($0.name)(\($0.weight))" }.joined(separator: ", ")),
                Cell(kind.origin, style: .dim),
            ])
        }
        return TableRenderer.render([Section(title: nil, columns: columns, rows: rows)], options: options)
    }
}
