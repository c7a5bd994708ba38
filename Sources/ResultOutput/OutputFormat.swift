/// The ways results can be printed.
public enum OutputFormat: String, Sendable, CaseIterable {
    /// The merged table, for people.
    case table
    /// One JSON document with every result and its record.
    case json
    /// One JSON result per line, streamed.
    case jsonl
    /// RFC 4180 CSV: kind, name, then the records' fields.
    case csv
    /// Tab-separated values, with tabs and newlines escaped.
    case tsv
    /// A GitHub pipe table.
    case markdown
}
