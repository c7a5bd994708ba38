import BenchSupport
import FoundationEssentials

/// The `kind:name` line of every record in some NDJSON files: what fzf is
/// given to search.
struct NameList: Sendable {
    /// One `kind:name` key per record, in file order.
    var keys: [String]

    private struct Record: Decodable {
        var kind: String
        var name: String
    }

    /// Reads every record of the NDJSON files at `paths`. Each record must
    /// carry `kind` and `name` (the bundled card records carry their derived
    /// name, `Queen of Hearts`, already).
    /// - Throws: ``BenchmarkError`` naming the file and line of a record that
    ///   is not such an object, or a file that cannot be read.
    init(paths: [String]) throws(BenchmarkError) {
        keys = []
        for path in paths {
            let text: String
            do {
                text = String(decoding: try Data(contentsOf: URL(filePath: path)), as: UTF8.self)
            } catch {
                throw BenchmarkError("cannot read \(path): \(error)")
            }
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where !line.allSatisfy(\.isWhitespace) {
                guard let record = try? JSONDecoder().decode(Record.self, from: Data(line.utf8)) else {
                    throw BenchmarkError("\(path):\(index + 1): not a record with a kind and a name")
                }
                keys.append("\(record.kind):\(record.name)")
            }
        }
    }

    /// Writes the keys, one a line, to a new file at `path`.
    /// - Throws: ``BenchmarkError`` when the file cannot be written.
    func write(to path: String) throws(BenchmarkError) {
        do {
            try Data((keys.joined(separator: "\n") + "\n").utf8).write(to: URL(filePath: path))
        } catch {
            throw BenchmarkError("cannot write \(path): \(error)")
        }
    }
}
