import CardKind
import DomainKind
import Foundation
import ProductKind
import ResultKit
import SearchCLI
import Testing

/// Reading nothing is not finding nothing: a source that held no record says
/// what it was expected to hold (never "no results"), and exits 1; an input
/// that cannot be read is an error (2). Run in-process with stderr a
/// terminal, where "no results" would be said.
@Suite struct ReadNothingTests {
    final class Capture: @unchecked Sendable {
        var out = ""
        var err = ""
    }

    let directory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("nothing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    func write(_ name: String, _ text: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func run(_ arguments: [String]) -> (status: SearchCLI.ExitStatus, stderr: String) {
        let capture = Capture()
        let console = Console(
            writeOutput: { text in
                capture.out += text
                return .written
            },
            writeError: { capture.err += $0 },
            errorIsTerminal: true
        )
        let status = SearchCommand.run(
            arguments: arguments, environment: [:], console: console, kinds: [.card, .domain, .product])
        return (status, capture.err)
    }

    @Test(arguments: [
        ("empty.jsonl", "", "expected one JSON object per line; it is empty"),
        ("blank.jsonl", "\n  \n\t\n", "expected one JSON object per line; it is empty"),
        (
            "empty.json", "[ ]",
            "expected a JSON array of objects, an object that wraps one, or objects; the array is empty"
        ),
        (
            "header.csv", "name,price\n",
            "expected a header row, then rows of comma-separated values; it has a header and no rows"
        ),
        ("empty.tsv", "", "expected a header row, then rows of tab-separated values; it is empty"),
        ("empty.log", "\n\n", "expected lines of text; it is empty"),
        ("anything", "", "expected JSON, NDJSON, CSV, TSV or lines of text; it is empty"),
    ])
    func aSourceWithNothingInItSaysWhatWasExpected(name: String, text: String, expected: String) throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = try write(name, text)
        for query in ["queen", ""] {
            let result = run([query, "--data", path])
            #expect(result.status == .noResults)
            #expect(result.stderr == "warning: read no records from \(path): \(expected)\n")
            #expect(!result.stderr.contains("no results"))
        }
        // As warnings about the input are, it is an error under --strict.
        #expect(run(["queen", "--data", path, "--strict"]).status == .failure)
    }

    @Test func anEmptyFolderSaysItHasNoFiles() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let folder = directory.appendingPathComponent("empty-folder")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let result = run(["queen", "--data", folder.path])
        #expect(result.status == .noResults)
        #expect(
            result.stderr
                == "warning: read no records from \(folder.path): expected data files (*.jsonl, *.json, *.csv, *.tsv, "
                + "compressed or not) or text files; it has none\n")
    }

    /// Records read and none matching is "no results" (exit 1, said on a
    /// terminal only), even when another source held nothing: no source is
    /// said to have held no records.
    @Test func nothingFoundInRecordsReadIsNoResults() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let empty = try write("empty.jsonl", "")
        let some = try write("some.jsonl", #"{"kind":"domain","name":"example.com","status":"taken"}"# + "\n")
        let result = run(["queen", "--data", empty, "--data", some])
        #expect(result.status == .noResults)
        #expect(result.stderr == "")
    }

    /// An input that cannot be read is an error, not an empty source.
    @Test func anUnreadableInputIsAnError() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let binary = directory.appendingPathComponent("blob.jsonl")
        try Data([0, 1, 2, 3] + [UInt8](repeating: 0, count: 600)).write(to: binary)
        let result = run(["queen", "--data", binary.path])
        #expect(result.status == .failure)
        #expect(result.stderr.hasPrefix("error: \(binary.path): binary data"))
        #expect(!result.stderr.contains("read no records"))
        let missing = run(["queen", "--data", directory.appendingPathComponent("missing.jsonl").path])
        #expect(missing.status == .failure)
        #expect(!missing.stderr.contains("read no records"))
    }

    /// `--stats` says what each source was read as.
    @Test func statsSayWhatEachSourceWasReadAs() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let wrapped = try write("page.json", #"{"total":1,"items":[{"kind":"card","rank":"Q","suit":"hearts"}]}"#)
        let lines = try write("notes.txt", "queen bee\nworker bee\n")
        let result = run(["queen", "--data", wrapped, "--data", lines, "--stats"])
        #expect(result.status == .success)
        #expect(result.stderr.contains("stats: \(wrapped): JSON, records at /items, 1 record\n"), "\(result.stderr)")
        #expect(result.stderr.contains("stats: \(lines): lines of text, 2 records\n"), "\(result.stderr)")
    }
}
