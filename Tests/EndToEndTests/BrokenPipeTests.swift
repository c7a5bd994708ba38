import Foundation
import TestSupport
import Testing

/// `search … | head -1`: the reader goes away early, and search stops
/// quietly, with no error text and no crash.
@Suite(.serialized) struct BrokenPipeTests {
    /// Records enough for far more output, in every format, than a pipe
    /// holds: search widens its output pipe to 1 MiB (the most Linux grants
    /// by default), and output that fits is written whole before `head`
    /// closes the pipe.
    static let recordCount = 50_000

    static func largeData() throws -> URL {
        let suits = ["spades", "hearts", "diamonds", "clubs"]
        let ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
        var text = ""
        for index in 0..<recordCount {
            text += #"{"kind":"card","rank":"\#(ranks[index % 13])","suit":"\#(suits[index % 4])"}"# + "\n"
        }
        return try ShellCommand.temporaryFile(named: "cards.jsonl", text)
    }

    @Test(arguments: ["table", "jsonl", "json", "csv", "tsv", "markdown"])
    func headOneThroughARealShellPipeline(format: String) throws {
        let data = try Self.largeData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let status = data.deletingLastPathComponent().appendingPathComponent("status")
        let errors = data.deletingLastPathComponent().appendingPathComponent("stderr")
        // JSON is one document on one line: for it, `head -c` closes the pipe early.
        let head = format == "json" ? "head -c 100" : "head -1"
        let result = try ShellCommand.run(
            #"{ "$SEARCH" "" --limit 100000 --data "$1" --format "$2" 2>"$3"; echo $? >"$4"; } | \#(head)"#,
            arguments: ["sh", data.path, format, errors.path, status.path]
        )
        #expect(result.status == 0)
        #expect(format == "json" ? result.stdout.utf8.count == 100 : result.stdout.split(separator: "\n").count == 1)
        #expect(result.stderr.isEmpty)
        let searchErrors = try String(contentsOf: errors, encoding: .utf8)
        #expect(searchErrors.isEmpty, "search wrote to stderr: \(searchErrors)")
        let searchStatus = try String(contentsOf: status, encoding: .utf8).trimmingCharacters(
            in: .whitespacesAndNewlines)
        #expect(searchStatus == "141", "search exits with 128 + SIGPIPE, as if killed by it")
    }

    @Test func theStatusComesFromExitNotFromASignal() throws {
        let data = try Self.largeData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let process = Process()
        process.executableURL = BinaryRunner.binary
        process.arguments = ["", "--limit", "100000", "--data", data.path]
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        try process.run()
        let first = out.fileHandleForReading.readData(ofLength: 100)
        #expect(!first.isEmpty)
        try out.fileHandleForReading.close()
        let errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit, "a signal means a crash or an unhandled SIGPIPE")
        #expect(process.terminationStatus == 141)
        #expect(errors.isEmpty, "\(String(decoding: errors, as: UTF8.self))")
    }

    @Test func allOutputArrivesWhenTheReaderReadsItAll() throws {
        let data = try Self.largeData()
        defer { try? FileManager.default.removeItem(at: data.deletingLastPathComponent()) }
        let result = try ShellCommand.run(
            #""$SEARCH" "" --limit 100000 --data "$1" --format jsonl | wc -l"#,
            arguments: ["sh", data.path]
        )
        #expect(result.stdout.trimmingCharacters(in: .whitespaces) == "\(Self.recordCount)\n")
    }

    /// Standard output into a pipe: search asks for a 1 MiB pipe buffer, so
    /// that a large table goes out in a few writes rather than one per
    /// 64 KiB the reader drains. The size belongs to the pipe, so its
    /// reading end tells it.
    @Test func aPipeOnStandardOutputIsWidenedToAMegabyte() throws {
        #if os(Linux)
            let out = Pipe()
            let readEnd = out.fileHandleForReading.fileDescriptor
            let getPipeSize: Int32 = 1_032  // F_GETPIPE_SZ
            let before = fcntl(readEnd, getPipeSize)
            let process = Process()
            process.executableURL = BinaryRunner.binary
            process.arguments = ["queen"]
            process.standardOutput = out
            process.standardError = FileHandle(forWritingAtPath: "/dev/null")
            process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
            try process.run()
            let printed = out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            #expect(String(decoding: printed, as: UTF8.self).contains("Queen of Hearts"))
            #expect(before == 65_536)
            #expect(fcntl(readEnd, getPipeSize) == 1 << 20)
        #endif
    }
}
