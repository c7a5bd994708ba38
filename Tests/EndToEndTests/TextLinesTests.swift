import Foundation
import TestSupport
import Testing

/// What `ls | search cap` and friends do: input that is neither JSON nor a
/// real CSV or TSV is lines of text, one record of kind `line` each, named
/// by the line; a table is taken only for what looks like one; and the
/// other input forms fail with messages a user can act on.
@Suite struct TextLinesTests {
    /// Each JSON line of `stdout`, as an object.
    func objects(_ stdout: String) -> [[String: Any]] {
        stdout.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
    }

    /// Lines alone print as lines, best first, as `fzf --filter` prints them.
    @Test func pipedLinesAreRecordsNamedByTheLine() throws {
        let result = try BinaryRunner.run(["an"], stdin: "apple pie\nbanana split\nmango\n")
        #expect(result.status == 0, "\(result.stderr)")
        // Both are substrings; the shorter text ranks first.
        #expect(result.stdout == "mango\nbanana split\n")
        #expect(result.stderr.isEmpty)
        let json = objects(try BinaryRunner.run(["pie", "-o", "jsonl"], stdin: "apple pie\n").stdout)
        #expect(json.map { $0["kind"] as? String } == ["line"])
        #expect(json.map { ($0["record"] as? [String: Any])?["name"] as? String } == ["apple pie"])
    }

    /// Text that a table sniffer could mistake for CSV or TSV: a listing,
    /// `ls -l`, log lines, prose with commas, a single column.
    @Test(arguments: [
        "Package.swift\nREADME.md\nSources\nTests\nfoo,bar.txt\n",
        "total 8\n-rw-r--r-- 1 me me 120 Jan  1 10:00 a, b.txt\n-rw-r--r-- 1 me me 99 Jan  1 10:00 c.txt\n",
        "2024-01-01 10:00:00,123 INFO start, port 80\n2024-01-01 10:00:01,456 WARN slow, 2 s\n",
        "[INFO] build, then test\n[WARN] cache, cold\n",
        "apple pie, with cream\nbanana split, with nuts\n",
        "name\nqueen of tarts\nking\n",
        "a\tsentence with a tab, here\nanother\tline, and more text\n",
    ])
    func textThatIsNotATableIsLines(text: String) throws {
        let result = try BinaryRunner.run(["", "-o", "jsonl", "--limit", "100"], stdin: text)
        #expect(result.status == 0, "\(result.stderr)")
        let records = objects(result.stdout)
        #expect(Set(records.compactMap { $0["kind"] as? String }) == ["line"], "\(result.stdout)")
        #expect(Set(records.compactMap { $0["name"] as? String }) == Set(text.split(separator: "\n").map(String.init)))
    }

    /// A table with a header of names, and rows that fit it, is read as one.
    @Test(arguments: [
        "kind,name,price\nproduct,tea pot,3\nproduct,\"mug, large\",5\n",
        "kind\tname\tprice\nproduct\ttea pot\t3\nproduct\tmug, large\t5\n",
        "\"kind\",\"name\",\"price\"\n\"product\",\"tea pot\",\"3\"\n",
    ])
    func aRealTableIsReadAsOne(text: String) throws {
        let result = try BinaryRunner.run(["tea", "-o", "jsonl"], stdin: text)
        #expect(result.status == 0, "\(result.stderr)")
        let records = objects(result.stdout)
        #expect(records.map { $0["kind"] as? String } == ["product"], "\(result.stdout)")
        #expect(records.map { ($0["record"] as? [String: Any])?["price"] as? String } == ["3"])
    }

    /// `--input-format` says what sniffing would not: a sentence with a comma
    /// read as CSV; NDJSON read as its raw lines.
    @Test func theInputFormatOverridesSniffing() throws {
        let csv = try BinaryRunner.run(
            ["cream", "--input-format", "csv", "-o", "jsonl"], stdin: "dish, topping\napple pie, cream\n")
        #expect(csv.stdout.contains(#""dish":"apple pie"," topping":" cream""#), "\(csv.stdout)\(csv.stderr)")
        let lines = try BinaryRunner.run(
            ["kind", "--input-format", "lines"], stdin: #"{"kind":"card","rank":"Q","suit":"hearts"}"# + "\n")
        #expect(lines.stdout == #"{"kind":"card","rank":"Q","suit":"hearts"}"# + "\n")
        let refused = try BinaryRunner.run(["x", "--input-format", "yaml"])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("expected one of 'lines', 'jsonl', 'json', 'csv', 'tsv'"), "\(refused.stderr)")
    }

    /// Lines and records mix in one ranked table, each line a row of kind `line`.
    @Test func linesAndRecordsShareTheTable() throws {
        let directory = try Hostile.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let notes = directory.appendingPathComponent("notes.log")
        try Data("queen bee seen\n".utf8).write(to: notes)
        let cards = directory.appendingPathComponent("cards.jsonl")
        try Data(#"{"kind":"card","rank":"Q","suit":"hearts"}"#.utf8).write(to: cards)
        let result = try BinaryRunner.run(["queen", "--data", notes.path, "--data", cards.path])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("KIND") == true, "\(result.stdout)")
        #expect(lines.contains { $0.hasPrefix("line ") && $0.contains("queen bee seen") }, "\(result.stdout)")
        #expect(lines.contains { $0.hasPrefix("card ") && $0.contains("Queen of Hearts") }, "\(result.stdout)")
    }

    /// `--records` names an array by a JSON Pointer; a pointer to nothing,
    /// or to something else, is an error that says which.
    @Test func recordsPointsAtAnArray() throws {
        let response = #"{"took":3,"hits":{"total":1,"hits":[{"kind":"card","rank":"Q","suit":"hearts"}]}}"#
        let found = try BinaryRunner.run(["queen", "--records", "/hits/hits", "-o", "jsonl"], stdin: response)
        #expect(objects(found.stdout).map { $0["name"] as? String } == ["Queen of Hearts"], "\(found.stderr)")
        let object = try BinaryRunner.run(["queen", "--records", "/hits"], stdin: response)
        #expect(object.status == 2)
        #expect(object.stderr.contains("error: <stdin>:1: --records /hits: found an object there, not an array"))
        let missing = try BinaryRunner.run(["queen", "--records", "/items"], stdin: response)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("error: <stdin>:1: --records /items: no such member or element"))
        let bad = try BinaryRunner.run(["queen", "--records", "hits"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("expected a JSON Pointer such as /items or /hits/hits"), "\(bad.stderr)")
    }

    /// A compressed input whose command is not installed names the package
    /// to install; one that is cut short says so after what came before.
    @Test func compressedInputFailsWithWhatToDo() throws {
        let directory = try Hostile.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let zst = directory.appendingPathComponent("cards.jsonl.zst")
        // zstd's frame magic: no zstd command means no way to read it.
        try Data([0x28, 0xB5, 0x2F, 0xFD, 0, 0, 0, 0]).write(to: zst)
        let missing = try BinaryRunner.run(["queen", "--data", zst.path], environment: ["PATH": "/nonexistent"])
        #expect(missing.status == 2)
        #expect(
            missing.stderr
                == "error: cannot read \(zst.path): it is zstd-compressed, and the zstd command is not installed "
                + "(Debian and Ubuntu: apt-get install zstd)\n")
        let gz = directory.appendingPathComponent("cut.jsonl.gz")
        let cards = (0..<2000).map { #"{"kind":"card","rank":"Q","suit":"hearts","n":\#($0)}"# }.joined(separator: "\n")
        let whole = try InputFormsPropertyTests.compress(Array(cards.utf8), with: ["gzip", "-c"])
        try Data(whole.prefix(whole.count / 2)).write(to: gz)
        let cut = try BinaryRunner.run(["queen", "--data", gz.path])
        #expect(cut.status == 2)
        #expect(cut.stderr.contains("error: cannot read \(gz.path): the gzip data ends early"), "\(cut.stderr)")
    }

    /// `--kind-field` names the field a record's kind is in.
    @Test func theKindFieldIsRead() throws {
        let records =
            #"{"type":"card","rank":"Q","suit":"hearts"}"# + "\n" + #"{"@type":"card","rank":"K","suit":"clubs"}"#
        let result = try BinaryRunner.run(["", "--kind-field", "type,@type", "-o", "jsonl"], stdin: records + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        let found = objects(result.stdout)
        #expect(found.map { $0["kind"] as? String } == ["card", "card"], "\(result.stdout)")
        #expect(found.map { $0["name"] as? String } == ["Queen of Hearts", "King of Clubs"])
    }
}
