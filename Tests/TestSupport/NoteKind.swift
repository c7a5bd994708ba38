public import ResultKit
import StreamingJSON
public import TerminalTable

/// The row of a ``noteKind(_:plural:)`` record: its name only.
public struct NoteRow: CellRepresentable {
    public var name: String
    public var detailCells: [Cell] { [] }

    public init(name: String) {
        self.name = name
    }
}

/// A small kind for tests: each test builds its own registry.
///
/// Its records need a `name`, and are searched by `name` and `body`.
/// - Parameters:
///   - name: The kind's name.
///   - plural: Its plural; `name` + "s" when `nil`.
///   - fileID: Left to its default: the kind's origin names the calling test
///     module, as if the test had declared the kind itself.
/// - Returns: The kind.
public func noteKind(_ name: String = "note", plural: String? = nil, fileID: String = #fileID) -> ResultKind {
    ResultKind(
        name: name,
        plural: plural ?? name + "s",
        columns: [],
        searchFields: [.field("name", weight: 100), .field("body", weight: 10)],
        decode: { (object) throws(RecordDecodingError) -> String in try object.requiredString("name") },
        present: { NoteRow(name: $0) },
        fileID: fileID
    )
}
