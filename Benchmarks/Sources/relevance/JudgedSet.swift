import BenchSupport
import FoundationEssentials

/// One judged query file: its queries and the data they are judged over.
///
/// A file is either a JSON array of queries, judged over the sample `search`
/// searches when given no data (its bundled records), or an object that names
/// its data:
///
/// ```json
/// {"name": "world", "data": ["Examples/data/world/world.jsonl"], "kinds": "Examples/kinds",
///  "note": "…", "queries": [ … ]}
/// ```
///
/// `data` and `kinds` are relative to the root package's folder; search gets
/// them as `--data FILE` (each) and `--kinds DIR`, and fzf gets one `kind:name`
/// line per record of the data files.
struct JudgedSet: Sendable {
    /// What the report calls the set: `name`, else the file's name without `.json`.
    var name: String
    /// The file the set was read from.
    var path: String
    /// The NDJSON files searched, as absolute paths; empty for the bundled sample.
    var data: [String]
    /// A folder of kind specs search loads (`--kinds`), as an absolute path, or nil.
    var kinds: String?
    var queries: [JudgedQuery]

    /// The arguments that point search at the set's data, before the query.
    var searchArguments: [String] {
        data.flatMap { ["--data", $0] } + (kinds.map { ["--kinds", $0] } ?? [])
    }

    private struct Header: Decodable {
        var name: String?
        var data: [String]?
        var kinds: String?
        var queries: [JudgedQuery]
    }

    /// Reads a judged set, resolving its `data` and `kinds` against `root`.
    /// - Throws: ``BenchmarkError`` when the file cannot be read, is neither
    ///   form of judged set, or has a grade other than 1, 2 or 3.
    static func load(path: String, root: String) throws(BenchmarkError) -> JudgedSet {
        let data: Data
        do {
            data = try Data(contentsOf: URL(filePath: path))
        } catch {
            throw BenchmarkError("cannot read the judged queries \(path): \(error)")
        }
        let file = String(path.split(separator: "/").last ?? "")
        let stem = file.hasSuffix(".json") ? String(file.dropLast(5)) : file
        let set: JudgedSet
        if data.first(where: { !" \n\r\t".utf8.contains($0) }) == UInt8(ascii: "[") {
            let queries: [JudgedQuery]
            do {
                queries = try JSONDecoder().decode([JudgedQuery].self, from: data)
            } catch {
                throw BenchmarkError("cannot read the judged queries \(path): \(error)")
            }
            set = JudgedSet(name: stem, path: path, data: [], kinds: nil, queries: queries)
        } else {
            let header: Header
            do {
                header = try JSONDecoder().decode(Header.self, from: data)
            } catch {
                throw BenchmarkError("cannot read the judged queries \(path): \(error)")
            }
            let absolute = { (relative: String) in relative.hasPrefix("/") ? relative : "\(root)/\(relative)" }
            set = JudgedSet(
                name: header.name ?? stem, path: path, data: (header.data ?? []).map(absolute),
                kinds: header.kinds.map(absolute), queries: header.queries)
        }
        try JudgedQuery.validate(set.queries, path: path)
        return set
    }
}
