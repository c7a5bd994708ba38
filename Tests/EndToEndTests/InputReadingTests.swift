import Foundation
import Glibc
import TestSupport
import Testing

/// How the built `search` reads its inputs: whatever route reads a file (in
/// parallel blocks when it is big, in one pass when it is small or piped),
/// the user sees the same results and the same warnings, and nothing is lost
/// beyond the one bad record a warning names.
@Suite(.serialized) struct InputReadingTests {
    let directory: URL

    init() throws {
        directory = try Hostile.temporaryDirectory()
    }

    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    /// Regression: an over-long line skipped the rest of its block when a big
    /// file was read in parallel, and stopped the whole source when a small
    /// file or stdin was read. Now each route skips that one line.
    @Test func anOverLongLineIsSkippedAloneOnEveryRoute() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        var lines: [String] = []
        var total = 0
        var index = 0
        // Over 8 MiB, so that the file is read in parallel blocks.
        while total < 9 << 20 {
            let line =
                index == 40_000 || index == 70_001
                ? #"{"kind":"product","name":"huge \#(index)","description":""#
                    + String(repeating: "z", count: 2 << 20) + #""}"#
                : #"{"kind":"product","name":"teapot \#(index)","price":\#(index % 90 + 1)}"#
            lines.append(line)
            total += line.utf8.count + 1
            index += 1
        }
        let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
        let path = try write("big.jsonl", bytes)
        let arguments = ["teapot", "--max-line-bytes", "1M", "--limit", "5", "--sort", "price", "--format", "jsonl"]

        let parallel = try Hostile.run(arguments + ["--data", path, "--stats"], timeout: 120)
        let piped = try Hostile.run(arguments + ["--data", "-", "--stats"], stdinBytes: bytes, timeout: 120)
        try parallel.expectClean()
        try piped.expectClean()
        #expect(parallel.status == 0, "\(parallel.stderr)")
        let expected = [
            "warning: \(path):40001: line is longer than --max-line-bytes (1 MiB); skipped",
            "warning: \(path):70002: line is longer than --max-line-bytes (1 MiB); skipped",
            "warning: 2 records skipped; see the warnings above",
        ]
        let warnings = parallel.stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix("warning:") }
        #expect(warnings == expected)
        // Counts grouped by thousands, as every count on a terminal is.
        let read = String(lines.count / 1000) + "," + String(String(lines.count % 1000 + 1000).dropFirst())
        #expect(parallel.stderr.contains("read \(read), "), "\(parallel.stderr)")
        #expect(parallel.stderr.contains("skipped 2 "), "\(parallel.stderr)")
        // Each record names its source: `<stdin>` when piped.
        #expect(piped.text.replacingOccurrences(of: "<stdin>", with: path) == parallel.text)
        #expect(piped.stderr.replacingOccurrences(of: "<stdin>", with: path) == parallel.stderr)
        #expect(parallel.text.split(separator: "\n").count == 5)
    }

    /// Regression: a sparse 2 GB `.json` file was read up to the cap before
    /// the `--max-document-bytes` error. A document's size no longer refuses
    /// it (an array streams), but its first bytes do: NULs are not JSON.
    @Test func aHugeDocumentIsRefusedByItsSizeAtOnce() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("sparse.json").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        #expect(truncate(path, 2 << 30) == 0)
        let result = try Hostile.run(["x", "--data", path], timeout: 60)
        try result.expectClean()
        #expect(result.status == 2)
        #expect(
            result.stderr.hasPrefix("error: \(path): binary data (control byte 0x0 at offset 0)"), "\(result.stderr)")
    }

    /// Regression: a stray `"` on row 12 of a 100,011-row file swallowed the
    /// other 100,000 rows with one warning, and `--stats` said "read 11".
    @Test(arguments: ["csv", "tsv"])
    func aStrayQuoteInABigFileCostsOneRow(format: String) throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let separator = format == "csv" ? "," : "\t"
        var text = ["kind", "name", "price"].joined(separator: separator) + "\n"
        for index in 0..<100_011 {
            let name = index == 11 ? "\"stray teapot" : "teapot \(index)"
            text += ["product", name, "\(index % 90 + 1)"].joined(separator: separator) + "\n"
        }
        let path = try write("stray.\(format)", Array(text.utf8))
        let result = try Hostile.run(["teapot", "--data", path, "--stats", "--limit", "1"], timeout: 120)
        try result.expectClean()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains(
                "warning: \(path):13: malformed \(format.uppercased()): a quoted field is never closed; "
                    + "skipped line 13 and read on from line 14"), "\(result.stderr)")
        #expect(result.stderr.contains("stats: read 100,011, matched 100,010,"), "\(result.stderr)")
        #expect(result.stderr.contains("skipped 1 "), "\(result.stderr)")
    }

    /// Regression: an empty `--data` folder reported "1 record skipped".
    @Test func anEmptyDataFolderSkipsNoRecord() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try Hostile.run(["x", "--data", directory.path, "--stats"])
        try result.expectClean()
        #expect(result.status == 1)
        #expect(!result.stderr.contains("record skipped"), "\(result.stderr)")
        #expect(result.stderr.contains("skipped 0 "), "\(result.stderr)")
    }

    /// Regression: UTF-16 on stdin gave garbage.
    @Test func utf16OnStdinIsRefusedWithAHint() throws {
        let text = #"{"kind":"product","name":"queen"}"# + "\n"
        let bytes = text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let result = try Hostile.run(["queen"], stdinBytes: bytes)
        try result.expectClean()
        #expect(result.status == 2)
        #expect(
            result.stderr == "error: <stdin>: UTF-16 is not supported; convert to UTF-8 (iconv -f UTF-16 -t UTF-8)\n")
    }

    /// Regression: a pretty-printed JSON object on stdin was sniffed as
    /// NDJSON and gave one warning per line. A file's extension still decides.
    @Test func aPrettyPrintedObjectOnStdinIsOneDocument() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let pretty = "\n{\n  \"kind\": \"product\",\n  \"name\": \"queen {bee}\",\n  \"price\": 3\n}\n"
        let piped = try Hostile.run(["queen"], stdin: pretty)
        try piped.expectClean()
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stderr.isEmpty, "\(piped.stderr)")
        #expect(piped.text.contains("queen {bee}"))

        // NDJSON whose first line is malformed (but complete) stays NDJSON.
        let lines = #"{"kind":"product","name":"queen a",}"# + "\n" + #"{"kind":"product","name":"queen b"}"# + "\n"
        let ndjson = try Hostile.run(["queen"], stdin: lines)
        #expect(ndjson.status == 0)
        #expect(ndjson.text.contains("queen b"))
        #expect(ndjson.stderr.hasPrefix("warning: <stdin>:1:"), "\(ndjson.stderr)")

        // A first line cut off inside its object, where no pretty printer
        // breaks a line, is one malformed NDJSON line: the rest is read line by
        // line, not held whole as one document.
        for cut in [#"{"name": oops 0"#, #"{"kind":"product","name":"queen c""#, #"{"kind":"product","price":4"#] {
            let rest = #"{"kind":"product","name":"queen d"}"# + "\n"
            let unclosed = try Hostile.run(["queen"], stdin: cut + "\n" + rest)
            #expect(unclosed.status == 0, "\(cut): \(unclosed.stderr)")
            #expect(unclosed.text.contains("queen d"), "\(cut)")
            #expect(unclosed.stderr.hasPrefix("warning: <stdin>:1:"), "\(cut): \(unclosed.stderr)")
        }

        let file = try write("pretty.jsonl", Array(pretty.utf8))
        let named = try Hostile.run(["queen", "--data", file])
        #expect(named.status == 1)
        #expect(named.stderr.contains("warning: \(file):2:"), "\(named.stderr)")
    }

    /// Regression: `--data $'x\xff.jsonl'` read `x\u{FFFD}.jsonl`, and in a
    /// folder the file was "not a regular file". Paths are bytes until shown.
    @Test func aFileNameThatIsNotUTF8IsReadAndShownEscaped() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let folder = directory.appendingPathComponent("raw")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Foundation takes names as strings: the file is made with the bytes.
        let name = Array(folder.path.utf8) + Array("/x".utf8) + [0xFF] + Array(".jsonl".utf8) + [0]
        let fd = name.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o644) }
        }
        #expect(fd >= 0)
        let record = Array(#"{"kind":"product","name":"queen raw","price":2}"#.utf8) + [0x0A]
        #expect(Glibc.write(fd, record, record.count) == record.count)
        close(fd)

        let inFolder = try Hostile.run(["queen", "--data", folder.path, "-o", "jsonl"])
        try inFolder.expectClean()
        #expect(inFolder.status == 0, "\(inFolder.stderr)")
        #expect(inFolder.stderr.isEmpty, "\(inFolder.stderr)")
        // JSON escapes the backslash of `\xFF`.
        #expect(inFolder.text.contains("\"source\":\"\(folder.path)/x\\\\xFF.jsonl:1\""), "\(inFolder.text)")

        // Named on the command line: the argument's bytes reach the binary
        // through the shell, as a user's would.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c", #"exec "$0" queen --data "$1/x$(printf '\377').jsonl" --stats"#, BinaryRunner.binary.path,
            folder.path,
        ]
        let named = try BinaryRunner.capture(process)
        #expect(named.status == 0, "\(named.stderr)")
        #expect(named.stdout.contains("queen raw"))
        #expect(named.stderr.contains("read 1,"), "\(named.stderr)")

        let again = Process()
        again.executableURL = URL(fileURLWithPath: "/bin/sh")
        again.arguments = [
            "-c", #"exec "$0" queen --data "$1/y$(printf '\377').jsonl""#, BinaryRunner.binary.path, folder.path,
        ]
        let missing = try BinaryRunner.capture(again)
        #expect(missing.status == 2)
        #expect(missing.stderr == "error: cannot read \(folder.path)/y\\xFF.jsonl: No such file or directory\n")
    }

    /// Regression: the same file named three ways was shown three times.
    @Test func aFileNamedTwiceIsReadOnce() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let folder = directory.appendingPathComponent("sub")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("y.jsonl")
        try Data(#"{"kind":"product","name":"queen once","price":2}"#.utf8).write(to: file)
        let result = try Hostile.run(
            ["queen", "--data", folder.path, "--data", file.path, "--data", folder.path + "/./y.jsonl", "-o", "jsonl"])
        try result.expectClean()
        #expect(result.status == 0)
        #expect(result.text.split(separator: "\n").count == 1, "\(result.text)")
        #expect(
            result.stderr == "warning: \(file.path): already read from the folder \(folder.path); read once\n"
                + "warning: \(folder.path)/./y.jsonl: already read from the folder \(folder.path); read once\n")
        let twice = try Hostile.run([
            "queen", "--data", file.path, "--data", file.path, "--data", "\(folder.path)/../sub/y.jsonl",
        ])
        #expect(twice.status == 0)
        #expect(
            twice.stderr == "warning: \(file.path): named more than once; read once\n"
                + "warning: \(folder.path)/../sub/y.jsonl: the same file as \(file.path); read once\n")
    }

    /// Random files (seeded) read as a named file and through stdin give the
    /// same results and the same warnings: NDJSON with malformed and
    /// over-long lines, and CSV and TSV with stray quotes.
    @Test(arguments: 0..<6)
    func aFileAndTheSameBytesOnStdinAgree(seed: Int) throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        var generator = SplitMix64(state: UInt64(seed))
        func pick(_ count: Int) -> Int { Int(generator.next() % UInt64(count)) }
        for format in ["jsonl", "csv", "tsv"] {
            let separator = format == "csv" ? "," : "\t"
            var text = format == "jsonl" ? "" : ["kind", "name", "price"].joined(separator: separator) + "\n"
            for index in 0..<(50 + pick(300)) {
                let name = ["teapot", "queen", "green tea"][pick(3)] + " \(index)"
                if format == "jsonl" {
                    switch pick(12) {
                    case 0: text += #"{"kind":"product","name":"\#(name)"# + "\n"
                    case 1:
                        text +=
                            #"{"kind":"product","name":"\#(name)","description":""#
                            + String(repeating: "z", count: 2000) + "\"}\n"
                    case 2: text += "\n"
                    default: text += #"{"kind":"product","name":"\#(name)","price":\#(index % 50 + 1)}"# + "\n"
                    }
                } else {
                    let field =
                        pick(25) == 0 ? "\"stray \(name)" : pick(25) == 0 ? "\"quoted\(separator) \(name)\"" : name
                    text += ["product", field, "\(index % 50 + 1)"].joined(separator: separator) + "\n"
                }
            }
            let path = try write("random-\(seed).\(format)", Array(text.utf8))
            let arguments = ["teapot", "--max-line-bytes", "1K", "--stats", "-o", "jsonl", "--limit", "1000"]
            let named = try Hostile.run(arguments + ["--data", path])
            let piped = try Hostile.run(arguments + ["--data", "-"], stdin: text)
            try named.expectClean()
            #expect(named.status == 0, "\(named.stderr)")
            #expect(piped.text.replacingOccurrences(of: "<stdin>", with: path) == named.text, "seed \(seed) \(format)")
            #expect(
                piped.stderr.replacingOccurrences(of: "<stdin>", with: path) == named.stderr, "seed \(seed) \(format)")
        }
    }

    /// Regression (found by hand): in a file read in blocks, a line over the
    /// default 64 MiB cap doubled the block's buffer at each step of reading
    /// past the block, until an allocation of 32 GiB crashed the run.
    @Test func aLineOverTheDefaultCapInABigFileIsSkipped() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("huge-line.jsonl").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        let record = Data((#"{"kind":"product","name":"teapot","price":1}"# + "\n").utf8)
        var head = Data()
        while head.count < 9 << 20 { head.append(record) }
        try handle.write(contentsOf: head)
        try handle.write(contentsOf: Data(#"{"kind":"product","name":"teapot huge","description":""#.utf8))
        let chunk = Data(repeating: UInt8(ascii: "z"), count: 1 << 20)
        for _ in 0..<66 { try handle.write(contentsOf: chunk) }
        try handle.write(
            contentsOf: Data(("\"}\n" + #"{"kind":"product","name":"teapot tail","price":2}"# + "\n").utf8))
        try handle.close()
        let lines = head.count / record.count + 1

        let result = try Hostile.run(["teapot tail", "--data", path, "--stats"], timeout: 120)
        try result.expectClean()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text.contains("teapot tail"))
        #expect(
            result.stderr.contains("warning: \(path):\(lines): line is longer than --max-line-bytes (64 MiB); skipped"),
            "\(result.stderr)")
    }
}
