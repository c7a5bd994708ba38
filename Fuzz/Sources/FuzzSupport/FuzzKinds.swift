import KindSpecs
public import ResultKit
import StreamingJSON
import TerminalTable

/// Kinds for the fuzz targets, declared as kind specs so that their rows go
/// through the same formatting code as users' spec files.
public enum FuzzKinds {
    /// A kind with text, number, boolean and date columns, several lines per row.
    static let gadget = #"""
        {
          "name": "gadget", "plural": "gadgets", "rowHeight": 2,
          "columns": [
            { "header": "Price", "path": "/price", "type": "number", "format": "number", "decimals": 2,
              "align": "right", "priority": 60 },
            { "header": "Stock", "path": "/stock", "type": "bool", "priority": 10,
              "styles": { "true": "green", "false": "red" } },
            { "header": "Tags", "path": "/tags", "priority": 30, "maxWidth": 20 },
            { "header": "Note", "path": "/meta/note", "priority": 5, "minWidth": 6, "missing": "-" }
          ],
          "search": [ { "path": "/name", "weight": 100 }, { "path": "/meta/note", "name": "note", "weight": 20 } ]
        }
        """#

    /// A small kind with one required column.
    static let place = #"""
        {
          "name": "place", "plural": "places",
          "columns": [ { "header": "Code", "path": "/code", "required": true, "style": "cyan", "priority": 50 } ],
          "search": [ { "path": "/name", "weight": 100 }, { "path": "/code", "weight": 90 } ]
        }
        """#

    /// A kind in code whose search fields show values as written, so that
    /// the byte-level prefilter may rule its lines out.
    static let note = ResultKind(
        name: "note",
        plural: "notes",
        columns: [],
        searchFields: [.field("name", weight: 100), .field("body", weight: 10)],
        decode: { (object) throws(RecordDecodingError) -> String in try object.requiredString("name") },
        present: { NoteRow(name: $0) }
    )

    /// The spec kinds and ``note``; a spec the loader rejects stops the
    /// fuzzer at once.
    public static let kinds: [ResultKind] =
        [gadget, place].map { text in
            switch KindSpecLoader.parse(text, file: "fuzz.kind.json") {
            case .success(let spec): return spec.kind
            case .failure(let errors): Invariant.fail("the fuzz kinds no longer load: \(errors)")
            }
        } + [note]

    /// A registry of ``kinds``; records of other kinds use the fallback.
    public static let registry: KindRegistry = {
        do { return try KindRegistry(kinds) } catch { Invariant.fail("the fuzz kinds clash: \(error)") }
    }()

    /// Records of every kind, for targets that fuzz something else than the input.
    public static let records: [Record] = [
        #"{"kind":"gadget","name":"Widget ☕ 中文","price":12.5,"stock":true,"tags":"a,b","meta":{"note":"x"}}"#,
        #"{"kind":"gadget","name":"Gizmo","price":"n/a","stock":"maybe"}"#,
        #"{"kind":"place","name":"Zürich","code":"ZH"}"#,
        #"{"kind":"place","name":"no code"}"#,
        #"{"kind":"comet","name":"Halley","period":75.3}"#,
        #"{"name":"Ünïcödé 👨‍👩‍👧 family","price":1e400}"#,
    ].enumerated().compactMap { index, line in
        guard case .object(let object)? = try? JSONParser().parse(line) else { return nil }
        return Record(object: object, location: SourceLocation(file: "fuzz.jsonl", line: index + 1), kindHint: "gadget")
    }
}

/// The row of a ``FuzzKinds`` note: its name only.
struct NoteRow: CellRepresentable {
    var name: String
    var detailCells: [Cell] { [] }
}
