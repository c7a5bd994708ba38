import FuzzSupport
import KindSpecs
import ResultKit
import ResultOutput
import SearchEngine
import StreamingJSON

/// Nested records for the fields a spec declares at any depth: objects,
/// arrays of scalars and of objects, blanks, and values of every type where
/// a column may want another.
private let nestedRecords: [Record] = [
    #"{"name":"n1","author":{"name":"Ada","born":1815},"tags":["a","b"],"size":686,"when":"1813","v":"c. 1.2M"}"#,
    #"{"name":"n2","author":{"name":"  ","born":"1820"},"tags":[],"editions":[{"year":1922},{"year":"x"}],"when":"2021-05"}"#,
    #"{"name":"n3","author":[1,{"born":null}],"tags":[[1],{"a":2}],"size":-1,"when":1e30,"v":{"a":[]}}"#,
].enumerated().compactMap { index, line in
    guard case .object(let object)? = try? JSONParser().parse(line) else { return nil }
    return Record(object: object, location: SourceLocation(file: "nested.jsonl", line: index + 1))
}

/// Loads the input as a kind spec file; a spec that loads then shows records
/// of every shape through the kind it describes, filtered, sorted and
/// printed by the fields its columns declare.
///
/// Properties: no crash; every error names the file; a valid spec gives a
/// kind that registers, and its rows search and render cleanly; no record
/// is dropped for a value of the wrong type (only for a missing NAME or
/// required value, with a reason); every note names a column.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKindSpec(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let file = "fuzz.kind.json"
    switch KindSpecLoader.parse(bytes, file: file, referenceTime: 1_700_000_000) {
    case .failure(let failure):
        Invariant.require(!failure.errors.isEmpty, "a failure without errors")
        for error in failure.errors {
            Invariant.require("\(error)".contains(file), "an error that does not name the file: \(error)")
        }
    case .success(let spec):
        let kind = spec.kind
        Invariant.require(!kind.name.isEmpty, "a kind without a name")
        guard let registry = try? KindRegistry([kind]) else {
            Invariant.fail("a valid spec whose kind does not register: \(kind.name)")
        }
        let records = (FuzzKinds.records + nestedRecords).map { record in
            var retagged = record
            retagged.kindHint = kind.name
            retagged.object.members.removeAll { $0.key == "kind" }
            return retagged
        }
        for record in records {
            do {
                let row = try kind.makeRow(record.object)
                Invariant.require(row.detailCells.count == kind.columns.count, "a row without a cell per column")
                for note in row.notes {
                    Invariant.require(note.message.hasPrefix("column "), "a note that names no column: \(note.message)")
                }
            } catch {
                Invariant.require(
                    error.reason.hasPrefix("missing field") || error.reason.hasPrefix("field \"name\""),
                    "a record dropped for another reason than a missing NAME or required value: \(error.reason)")
            }
        }
        SearchPipeline.run(records, query: "", width: 60, registry: registry)
        // Each declared field filters, sorts and prints.
        let names = kind.namedFields.map(\.name)
        for name in names.prefix(4) {
            for query in ["\(name):*", "\(name)<5", "-\(name):a"] {
                guard let parsed = try? QueryParser().parse(query) else { continue }
                var session = SearchSession(
                    registry: registry, query: parsed,
                    options: SearchOptions(limit: 5, sort: FieldSort(field: name, descending: query.hasPrefix("-"))))
                for record in records { session.consider(record) { _ in } }
                for hit in session.finish().hits {
                    OutputChecks.json(RecordOutput.jsonLine(hit, fields: ["name"] + names))
                }
            }
        }
        Invariant.require(
            spec.columnsMatchingNoRecord.count <= spec.columns.count, "more unmatched columns than columns")
    }
    return 0
}
