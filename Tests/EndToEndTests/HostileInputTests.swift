import Foundation
import TestSupport
import Testing

/// Hostile input fed to the built `search` binary. Every run must end (each
/// has a deadline), exit 0, 1 or 2, and print nothing to stdout that a
/// terminal would act on.
@Suite(.serialized) struct HostileInputTests {
    /// Names that try to drive the terminal: SGR colour, a screen clear (7-bit
    /// and C1), an OSC 8 link, an OSC 52 clipboard write, a title change, and
    /// bidi overrides that reorder what follows.
    static let attacks: [String] = [
        #"\u001b[31mred\u001b[0m"#,
        #"clear\u001b[2J\u001b[H"#,
        #"c1 csi \u009b2J"#,
        #"\u001b]8;;https://evil.example\u0007link\u001b]8;;\u0007"#,
        #"\u001b]52;c;cm0gLXJmIC8K\u0007clipboard"#,
        #"\u001b]0;title\u001b\\"#,
        #"bidi \u202eexe.txt\u202c and \u2067isolate\u2069"#,
        #"bell\u0007 backspace\u0008 cr\r del\u007f"#,
        #"invisible z\u200bw\u2060j \u00adsoft \ufeffbom \u3164filler \ufff9note\ufffb \udb40\udc41tag"#,
    ]

    static var attackRecords: String {
        attacks.enumerated().map { index, attack in
            #"{"kind":"product","name":"evil \#(index) \#(attack)","price":1,"description":"\#(attack)"}"#
        }.joined(separator: "\n") + "\n"
    }

    @Test(arguments: ["plain", "ascii", "rounded"])
    func escapeSequencesInDataNeverReachTheTerminal(style: String) throws {
        let result = try Hostile.run(
            ["evil", "--data", "-", "--style", style, "--width", "100"], stdin: Self.attackRecords)
        try result.expectClean()
        #expect(result.status == 0, "\(result.stderr)")
        // Every record is shown, with its sequences made visible.
        #expect(result.text.components(separatedBy: "evil ").count - 1 == Self.attacks.count, "\(result.text)")
        #expect(result.text.contains("^[]52;c;"))
        #expect(result.text.contains("\\u{202E}"))
        #expect(result.text.contains("z\\u{200B}w"))
    }

    @Test(arguments: ["table", "json", "jsonl", "markdown"])
    func everyFormatKeepsControlsOutOfStdout(format: String) throws {
        let result = try Hostile.run(["evil", "--data", "-", "--format", format], stdin: Self.attackRecords)
        // JSON may carry bidi controls as they are: they are text, not controls, to a JSON reader.
        try result.expectClean(allowingBidi: format.hasPrefix("json"))
        #expect(result.status == 0, "\(result.stderr)")
    }

    /// Regression (found here, fixed in 6babd4e): CSV and TSV wrote fields raw,
    /// so `search -o csv` in a terminal ran the escape sequences of the data.
    /// On a terminal they are shown; through a pipe they are the data (see
    /// `ExportFidelityTests`).
    @Test(arguments: ["csv", "tsv"])
    func onATerminalDelimitedFormatsShowControls(format: String) throws {
        let data = try ShellCommand.temporaryFile(named: "evil.jsonl", Self.attackRecords)
        let terminal = try PseudoTerminal(
            ["evil", "--data", data.path, "--format", format, "--no-pager"], lines: 60,
            executable: BinaryRunner.binary.path)
        #expect(terminal.finish() == 0)
        // What the terminal was given: its own CR LF line ends, the fields' tabs (TSV escapes them), no other control.
        let drawn = String(decoding: terminal.screenBytes, as: UTF8.self)
        #expect(drawn.contains("evil 0"), "\(drawn)")
        let control = drawn.unicodeScalars.first { scalar in
            switch scalar.value {
            case 0x0A, 0x0D: false
            case 0x09: format != "tsv"
            case 0x00...0x1F, 0x7F...0x9F: true
            case 0x202A...0x202E, 0x2066...0x2069: true
            default: false
            }
        }
        #expect(control == nil, "U+\(String(control?.value ?? 0, radix: 16, uppercase: true)) on the terminal")
    }

    @Test func colourIsTheOnlyEscapeSequenceWhenColourIsOn() throws {
        let result = try Hostile.run(["evil", "--data", "-", "--color", "always"], stdin: Self.attackRecords)
        #expect(result.status == 0, "\(result.stderr)")
        // Only SGR sequences (ESC [ digits/semicolons m) are allowed.
        let text = result.text
        var index = text.startIndex
        while let escape = text[index...].firstIndex(of: "\u{1B}") {
            let rest = text[text.index(after: escape)...]
            let sequence = rest.prefix { $0 != "m" }
            #expect(
                rest.first == "[" && sequence.dropFirst().allSatisfy { $0.isNumber || $0 == ";" },
                "a non-SGR escape: \(String(rest.prefix(20)).debugDescription)")
            index = rest.startIndex
        }
        #expect(!text.unicodeScalars.contains { (0x80...0x9F).contains($0.value) })
    }

    @Test func bulkZeroWidthJoinersStayAlignedAndFast() throws {
        let joiners = String(repeating: "\u{200D}", count: 100_000)
        let family = String(repeating: "👨‍👩‍👧", count: 2_000)
        let input = """
            {"kind":"product","name":"zwj \(joiners)end","price":1}
            {"kind":"product","name":"zwj family \(family)","price":2}
            {"kind":"product","name":"zwj plain","price":3}

            """
        let result = try Hostile.run(["zwj", "--data", "-", "--style", "rounded", "--width", "90"], stdin: input)
        try result.expectClean()
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.text.split(separator: "\n")
        #expect(lines.count >= 5)
        // The frame is whole: every line starts and ends with a border glyph.
        for line in lines {
            #expect("╭│├╰".contains(line.first ?? " ") && "╮│┤╯".contains(line.last ?? " "), "\(line.prefix(80))")
        }
        #expect(result.text.contains("zwj plain"))
    }

    @Test func aTenMegabyteFieldIsCutToTheWidth() throws {
        let huge = String(repeating: "x", count: 10 << 20)
        let input =
            #"{"kind":"product","name":"big \#(huge)","price":1}"# + "\n"
            + #"{"kind":"product","name":"big small","price":2}"# + "\n"
        let result = try Hostile.run(["big", "--data", "-", "--width", "80"], stdin: input, timeout: 180)
        try result.expectClean()
        #expect(result.status == 0, "\(result.stderr)")
        for line in result.text.split(separator: "\n") {
            #expect(line.count <= 80, "a line \(line.count) wide")
        }
        #expect(result.text.contains("…"))
        #expect(result.text.contains("big small"))
    }

    @Test func nesting200000DeepIsReportedWithItsLocation() throws {
        let deep = String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)
        let input =
            #"{"kind":"product","name":"deep one","price":1,"v":\#(deep)}"# + "\n"
            + #"{"kind":"product","name":"deep two","price":2}"# + "\n"
        let result = try Hostile.run(["deep", "--data", "-"], stdin: input)
        try result.expectClean()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text.contains("deep two"))
        #expect(result.stderr.contains("warning: <stdin>:1:"), "\(result.stderr)")
        #expect(result.stderr.contains("nesting"), "\(result.stderr)")
    }

    /// In a JSON array, an element nested too deep is that element's
    /// mistake: it is skipped with its location, and the elements after it
    /// are read (on its line and on the next), from a pipe and from a file.
    @Test(arguments: [", ", ",\n"])
    func anArrayElementNested200000DeepIsSkippedAndTheRestRead(separator: String) throws {
        let deep = String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)
        let input =
            "[" + #"{"kind":"product","name":"deep one","price":1,"v":\#(deep)}"# + separator
            + #"{"kind":"product","name":"deep two","price":2}"# + separator + deep + separator
            + #"{"kind":"product","name":"deep three","price":3}"# + "]\n"
        let piped = try Hostile.run(["deep", "--data", "-"], stdin: input)
        let directory = try Hostile.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("deep.json")
        try input.write(to: file, atomically: true, encoding: .utf8)
        let read = try Hostile.run(["deep", "--data", file.path], stdin: "")
        for result in [piped, read] {
            try result.expectClean()
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.text.contains("deep two") && result.text.contains("deep three"), "\(result.text)")
            #expect(!result.text.contains("deep one"))
            #expect(result.stderr.contains(":1:"), "\(result.stderr)")
            #expect(result.stderr.contains("2 records skipped"), "\(result.stderr)")
        }
    }

    /// A record of an unknown kind is shown with its other fields as
    /// `key=value`: a record of many keys costs time in proportion to them,
    /// with a filter and a sort, in the formats that show its row or record.
    @Test(arguments: ["table", "json", "markdown"])
    func anUnknownKindWith100000KeysIsShownPromptly(format: String) throws {
        let keys = (0..<100_000).map { #""k\#($0)":"v\#($0)""# }.joined(separator: ",")
        let input = #"{"kind":"thing","name":"many keys",\#(keys)}"# + "\n"
        let result = try Hostile.run(
            ["many", "k99999:v99999", "--sort", "k5", "-o", format, "--data", "-"], stdin: input, timeout: 90)
        #expect(!result.timedOut, "a record of 100,000 keys took over 90 s")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text.contains("k99999"))
    }

    /// A query word of 2,000 characters over long repetitive fields: the
    /// work is bounded by the text's length, not by the text's length times
    /// the word's (which, over these 4 MB, took minutes).
    @Test func aTwoThousandCharacterWordOverLongRepetitiveFieldsEndsPromptly() throws {
        let field = String(repeating: "a", count: 200_000)
        let input = (0..<20).map { #"{"kind":"product","name":"\#(field)","price":\#($0)}"# }
            .joined(separator: "\n")
        let word = String(repeating: "a", count: 1_999) + "b"
        let result = try Hostile.run([word, "--data", "-"], stdin: input, timeout: 60)
        #expect(!result.timedOut, "a 2,000-character word took over 60 s")
        #expect(result.status == 1, "\(result.stderr)")
        let found = try Hostile.run([String(word.dropLast()), "--data", "-", "-o", "jsonl"], stdin: input, timeout: 60)
        #expect(!found.timedOut)
        #expect(found.text.split(separator: "\n").count == 20)
    }

    @Test func invalidUTF8AndNULAreWarnedAboutAndTheRestIsShown() throws {
        var bytes = Array(#"{"kind":"product","name":"fine one","price":1}"#.utf8) + [0x0A]
        bytes +=
            Array(#"{"kind":"product","name":"bad "#.utf8) + [0xFF, 0xFE, 0xC0, 0x80] + Array(#"","price":1}"#.utf8)
        bytes += [0x0A] + Array(#"{"kind":"product","name":"nul "#.utf8) + [0x00] + Array(#"","price":1}"#.utf8)
        bytes += [0x0A] + Array(#"{"kind":"product","name":"escaped nul \u0000 and \ud800","price":1}"#.utf8)
        bytes += [0x0A] + Array(#"{"kind":"product","name":"fine two","price":1}"#.utf8) + [0x0A]
        let result = try Hostile.run(["fine", "--data", "-"], stdinBytes: bytes)
        try result.expectClean()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text.contains("fine one") && result.text.contains("fine two"))
        #expect(result.stderr.contains("<stdin>:2:"), "\(result.stderr)")
        #expect(result.stderr.contains("<stdin>:3:"), "\(result.stderr)")
        let escaped = try Hostile.run(["escaped", "--data", "-"], stdinBytes: bytes)
        try escaped.expectClean()
        #expect(escaped.text.contains("^@"), "a NUL from \\u0000 is shown as ^@: \(escaped.text)")
    }

    /// CSV and TSV have no syntax that invalid UTF-8 breaks: such a row is
    /// kept, its bytes shown as U+FFFD, and a warning names its line and
    /// column (a Latin-1 export from a spreadsheet is still searched, and
    /// said to be one). `--strict` fails on it.
    @Test(arguments: [",", "\t"])
    func invalidUTF8InADelimitedRowIsKeptAndWarnedAbout(delimiter: String) throws {
        let separator = Array(delimiter.utf8)
        var bytes = Array("kind\(delimiter)name\(delimiter)price\n".utf8)
        bytes += Array("product".utf8) + separator + Array("caf".utf8) + [0xE9] + separator + Array("1\n".utf8)
        bytes += Array("product".utf8) + separator + Array("cafe au lait".utf8) + separator + Array("2\n".utf8)
        let result = try Hostile.run(["caf", "--data", "-"], stdinBytes: bytes)
        try result.expectClean()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text.contains("caf\u{FFFD}") && result.text.contains("cafe au lait"), "\(result.text)")
        #expect(result.stderr.contains("<stdin>:2: invalid UTF-8 in 'name'"), "\(result.stderr)")
        #expect(!result.stderr.contains("skipped"), "\(result.stderr)")
        let strict = try Hostile.run(["caf", "--data", "-", "--strict"], stdinBytes: bytes)
        #expect(strict.status == 2, "\(strict.stderr)")
    }

    @Test(arguments: ["/dev/zero", "/dev/urandom"])
    func anEndlessDeviceAsDataEndsWithAClearError(device: String) throws {
        let result = try Hostile.run(["x", "--data", device], timeout: 60)
        try result.expectClean()
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("error: \(device):"), "\(result.stderr)")
    }

    /// Regression (found here, fixed in 6babd4e): `--max-line-bytes` and
    /// `--max-document-bytes` only reached the parallel reader of big files;
    /// stdin, JSON and CSV used the defaults, so a 3 MB line passed a 1 MiB cap.
    /// Since then a line over the cap is one record skipped, not the end of the source.
    @Test func aLineLongerThanTheCapIsSkippedWithAClearWarning() throws {
        let input =
            #"{"kind":"product","name":"long"# + String(repeating: "a", count: 3 << 20) + "\n"
            + #"{"kind":"product","name":"long after","price":1}"# + "\n"
        let result = try Hostile.run(
            ["long", "--data", "-", "--max-line-bytes", "1M", "--stats"], stdin: input, timeout: 60)
        try result.expectClean()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text.contains("long after"))
        #expect(
            result.stderr.contains("warning: <stdin>:1: line is longer than --max-line-bytes (1 MiB); skipped"),
            "\(result.stderr)")
        #expect(result.stderr.contains("skipped 1 "), "\(result.stderr)")
    }

    /// The document cap guards a JSON document that is one record: it
    /// stops with a clear error. A CSV file (or a JSON array) of any size
    /// streams row by row (element by element) under the same cap.
    @Test func aDocumentLargerThanTheCapStopsWithAClearError() throws {
        let body = String(repeating: "big doc thing ", count: (2 << 20) / 14)
        // Over several lines, as a pretty printer writes it: one document, not a JSON line.
        let document = "{\n" + #""kind":"product","name":"big","price":1,"description":""# + body + #""}"#
        let result = try Hostile.run(
            ["big", "--data", "-", "--max-document-bytes", "1M"], stdin: document, timeout: 60)
        try result.expectClean()
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("a JSON document larger than 1 MiB"), "\(result.stderr)")
        let row = "product,big doc thing,1\n"
        let table = "kind,name,price\n" + String(repeating: row, count: (2 << 20) / row.utf8.count)
        let streamed = try Hostile.run(
            ["big", "--data", "-", "--max-document-bytes", "1M", "--stats"], stdin: table, timeout: 60)
        try streamed.expectClean()
        #expect(streamed.status == 0, "\(streamed.stderr)")
        // Counts are grouped by thousands, as everywhere the command prints one.
        let rows = String((2 << 20) / row.utf8.count)
        let grouped = rows.enumerated().map { index, digit in
            (index > 0 && (rows.count - index) % 3 == 0 ? "," : "") + String(digit)
        }.joined()
        #expect(streamed.stderr.contains("stats: read \(grouped),"), "\(streamed.stderr)")
    }

    @Test func randomBytesOnStdinEndWithAClearError() throws {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<(4 << 20)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let result = try Hostile.run(["x", "--data", "-"], stdinBytes: bytes, timeout: 60)
        try result.expectClean()
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("error: <stdin>:"), "\(result.stderr)")
    }

    @Test func aFIFOWhoseWriterWritesALittleAndCloses() throws {
        let directory = try Hostile.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appendingPathComponent("records.jsonl").path
        #expect(mkfifo(fifo, 0o600) == 0)
        // The writer blocks in open until the binary opens the other end.
        let writer = Thread {
            if let handle = FileHandle(forWritingAtPath: fifo) {
                handle.write(Data(#"{"kind":"product","name":"piped thing","price":3}"#.utf8 + [0x0A]))
                try? handle.close()
            }
        }
        writer.start()
        let result = try Hostile.run(["piped", "--data", fifo], timeout: 30)
        try result.expectClean()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.text.contains("piped thing"))
    }

    /// Regression (found here, fixed in 6babd4e): a FIFO with a data extension
    /// inside a directory made `search --data DIR` block forever in `open`.
    @Test func aDirectoryHoldingAFIFOWithNoWriterDoesNotHang() throws {
        let directory = try Hostile.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(#"{"kind":"product","name":"dir thing","price":3}"#.utf8 + [0x0A])
            .write(to: directory.appendingPathComponent("a.jsonl"))
        #expect(mkfifo(directory.appendingPathComponent("b.jsonl").path, 0o600) == 0)
        let result = try Hostile.run(["thing", "--data", directory.path], timeout: 10)
        try result.expectClean()
        #expect(!result.timedOut, "search hung on the FIFO and was killed after 10 s")
        #expect(result.text.contains("dir thing"))
    }

    /// Regression (found here, fixed in 6babd4e): a symbolic link to its own
    /// directory, named like a data file, was followed until the path was too
    /// long, so every file was read about 40 times and each record shown again.
    @Test func aSymlinkLoopInADirectoryReadsEachFileOnce() throws {
        let directory = try Hostile.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(#"{"kind":"product","name":"looped thing","price":3}"#.utf8 + [0x0A])
            .write(to: directory.appendingPathComponent("a.jsonl"))
        try FileManager.default.createSymbolicLink(
            atPath: directory.appendingPathComponent("loop.jsonl").path, withDestinationPath: directory.path)
        let result = try Hostile.run(["looped", "--data", directory.path, "--format", "jsonl"])
        try result.expectClean(allowingBidi: true)
        #expect([0, 2].contains(result.status), "\(result.stderr)")
        let shown = result.text.split(separator: "\n").count
        #expect(shown == 1, "the one record was shown \(shown) times")

        #expect(shown >= 1)
    }

    /// Running as root, `chmod 000` does not stop reads, so the unreadable
    /// entries here are ones no user can read: a directory and a dangling
    /// symbolic link named like data files. As another user, a `chmod 000`
    /// file is added and must be reported too.
    @Test func aDirectoryWithUnreadableEntriesReportsEachAndReadsTheRest() throws {
        let directory = try Hostile.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = FileManager.default
        try Data(#"{"kind":"product","name":"readable thing","price":3}"#.utf8 + [0x0A])
            .write(to: directory.appendingPathComponent("a.jsonl"))
        try files.createDirectory(at: directory.appendingPathComponent("b.jsonl"), withIntermediateDirectories: false)
        try files.createSymbolicLink(
            atPath: directory.appendingPathComponent("c.csv").path, withDestinationPath: "/nonexistent/target.csv")
        let locked = directory.appendingPathComponent("d.jsonl")
        if getuid() != 0 {
            try Data(#"{"kind":"product","name":"locked thing","price":3}"#.utf8).write(to: locked)
            chmod(locked.path, 0)
        }
        let result = try Hostile.run(["thing", "--data", directory.path])
        try result.expectClean()
        #expect([0, 2].contains(result.status), "\(result.stderr)")
        #expect(result.text.contains("readable thing"))
        #expect(result.stderr.contains("b.jsonl"), "the directory named like data: \(result.stderr)")
        #expect(result.stderr.contains("c.csv"), "the dangling link: \(result.stderr)")
        if getuid() != 0 {
            #expect(result.stderr.contains("d.jsonl: Permission denied"), "\(result.stderr)")
        }
    }

    @Test func aFileThatChangesWhileItIsReadNeverCrashes() throws {
        let directory = try Hostile.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("changing.jsonl")
        let line = #"{"kind":"product","name":"moving thing","price":3}"# + "\n"
        let block = Data(String(repeating: line, count: 20_000).utf8)
        try block.write(to: file)
        // Grows, truncates and rewrites the file while the binary reads it.
        let done = LockedFlag()
        let writer = Thread {
            var round = 0
            while !done.isSet, let handle = try? FileHandle(forWritingTo: file) {
                if round % 3 == 2 {
                    try? handle.truncate(atOffset: UInt64(round * 7 % 1000))
                } else {
                    _ = try? handle.seekToEnd()
                    handle.write(block)
                }
                try? handle.close()
                round += 1
                if round > 200 { break }
            }
        }
        writer.start()
        for _ in 0..<5 {
            let result = try Hostile.run(["moving", "--data", file.path, "--limit", "3"], timeout: 60)
            try result.expectClean()
            #expect([0, 1, 2].contains(result.status), "\(result.stderr)")
        }
        done.set()
    }
}

/// A flag one thread sets and another reads.
private final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}

/// What a run of the binary gave.
struct HostileOutcome {
    var status: Int32
    var stdout: [UInt8]
    var stderr: String
    var timedOut: Bool

    var text: String { String(decoding: stdout, as: UTF8.self) }

    /// Checks that the run ended by itself with status 0, 1 or 2 and that
    /// stdout holds no C0 or C1 control other than the newline (and the tab,
    /// when allowed), no bidi control and no invisible format character
    /// (unless allowed).
    func expectClean(
        allowingTabs: Bool = false, allowingCR: Bool = false, allowingBidi: Bool = false,
        allowingInvisible: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(!timedOut, "the binary did not finish in time", sourceLocation: sourceLocation)
        #expect([0, 1, 2].contains(status), "exit status \(status): \(stderr)", sourceLocation: sourceLocation)
        #expect(!stdout.contains(0x1B), "a raw ESC on stdout", sourceLocation: sourceLocation)
        let control = text.unicodeScalars.first { scalar in
            switch scalar.value {
            case 0x0A: false
            case 0x09: !allowingTabs
            case 0x0D: !allowingCR
            case 0x00...0x1F, 0x7F...0x9F: true
            case 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: !allowingBidi
            // Invisible characters that change meaning or alignment (JSON keeps them as text).
            case 0x00AD, 0x200B, 0x2060, 0x3164, 0xFEFF, 0xFFF9...0xFFFB, 0xE0000...0xE007F:
                !(allowingBidi || allowingInvisible)
            default: false
            }
        }
        #expect(
            control == nil, "U+\(String(control?.value ?? 0, radix: 16, uppercase: true)) on stdout",
            sourceLocation: sourceLocation)
    }
}

/// Runs the built binary with a deadline, feeding bytes on stdin.
enum Hostile {
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func run(_ arguments: [String], stdin: String, timeout: TimeInterval = 30) throws -> HostileOutcome {
        try run(arguments, stdinBytes: Array(stdin.utf8), timeout: timeout)
    }

    /// Runs `search` in the package root with a clean environment; kills it
    /// (SIGKILL) when it runs past `timeout` seconds.
    static func run(_ arguments: [String], stdinBytes: [UInt8]? = nil, timeout: TimeInterval = 30) throws
        -> HostileOutcome
    {
        let run = try GuardedRun.run(arguments, stdin: stdinBytes, timeout: timeout)
        return HostileOutcome(status: run.status, stdout: run.stdout, stderr: run.stderr, timedOut: run.timedOut)
    }
}
