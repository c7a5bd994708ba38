public import ResultKit
import StreamingJSON
import TerminalTable

extension ResultKind {
    /// The kind of a line of text read as a record (`ls | search cap`, a
    /// `.log` file): NAME is the line, searched and ranked as any kind's name.
    ///
    /// The reader makes each line `{"name": LINE}` with this kind; a command
    /// registers it beside its other kinds, so that `--kind line` and
    /// `--list-kinds` know it.
    public static let line = ResultKind(
        name: "line",
        plural: "lines",
        columns: [],
        searchFields: [.field("name", weight: 100)],
        decode: { (object) throws(RecordDecodingError) -> String in
            guard let text = object["name"]?.scalarText else { throw RecordDecodingError("a line needs its text") }
            return text
        },
        present: { LineRow(name: $0) }
    )
}

/// The row of a line of text: the line, and no details.
struct LineRow: CellRepresentable {
    let name: String
    var detailCells: [Cell] { [] }
}
