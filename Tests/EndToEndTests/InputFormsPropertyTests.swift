import Foundation
import TestSupport
import Testing

/// Whatever form the same records take (NDJSON, a JSON array, an object that
/// wraps them, an array a JSON Pointer names, gzip, zstd, xz or bzip2 of
/// those, a file named as text read as `--input-format` says, or, for
/// records that are only a name, lines of text) and whichever way they come
/// (a file, a folder, stdin), the built `search` finds the same results,
/// counts the same records and gives the same warnings, at the same lines.
///
/// Each form puts record `i` on line `i + 1`, at column 1, so that even a
/// malformed record's warning (line and column) reads the same in every form.
@Suite(.serialized) struct InputFormsPropertyTests {
    /// One random set of records, as JSON texts: products, cards, an unknown
    /// kind, records their kind rejects, malformed records and values that
    /// are not objects, as any real file holds.
    static func records(seed: UInt64) -> [String] {
        var generator = SplitMix64(state: seed)
        func pick(_ count: Int) -> Int { Int(generator.next() % UInt64(count)) }
        let words = ["tea", "teapot", "green tea", "coffee", "café", "queen", "herbal", "mug"]
        return (0..<(30 + pick(200))).map { index in
            let word = words[pick(words.count)]
            // The first is a record, as in any real input: its first bytes
            // are what stdin's format is told by.
            switch index == 0 ? 15 : pick(16) {
            case 0: return #"{"kind":"card","rank":"\#(["Q", "K", "7"][pick(3)])","suit":"hearts"}"#
            case 1: return #"{"kind":"card","rank":"Z","suit":"hearts"}"#
            case 2: return #"{"kind":"note","name":"\#(word) note \#(index)"}"#
            case 3: return #"{"kind":"product","name":"\#(word) \#(index)","price":3,}"#
            case 4: return #"{"kind":"product","name": \#(word)}"#
            case 5: return "[\(index)]"
            case 6: return #"{"kind":"product","name":"\#(word) \"quoted\" \#(index)","price":null}"#
            default:
                return #"{"kind":"product","name":"\#(word) \#(index)","price":\#(pick(90)),"about":"line \#(index)"}"#
            }
        }
    }

    /// Names only, for the lines of text: each record is `{"name": LINE}`.
    static func names(seed: UInt64) -> [String] {
        var generator = SplitMix64(state: seed)
        func pick(_ count: Int) -> Int { Int(generator.next() % UInt64(count)) }
        let words = ["tea", "teapot", "green", "coffee", "café", "queen", "herbal", "mug", "Cafe", "ÉCLAIR"]
        return (0..<(20 + pick(300))).map { index in
            (0..<(1 + pick(4))).map { _ in words[pick(words.count)] }.joined(separator: " ") + " \(index)"
        }
    }

    /// One way the records are written: a file name, its bytes, and the
    /// options that say where its records are.
    struct Form {
        var name: String
        var bytes: [UInt8]
        var options: [String] = []
    }

    static func forms(of records: [String]) throws -> [Form] {
        let lines = records.joined(separator: "\n")
        let elements = records.joined(separator: ",\n")
        let ndjson = Array(("\n" + lines + "\n").utf8)
        let array = Array(("[\n" + elements + "\n]\n").utf8)
        let wrapped = Array(("{\"total\":\(records.count),\"items\":[\n" + elements + "\n]}\n").utf8)
        return [
            Form(name: "records.jsonl", bytes: ndjson),
            Form(name: "records.json", bytes: array),
            Form(name: "wrapped.json", bytes: wrapped),
            Form(
                name: "pointed.json",
                bytes: Array(("{\"meta\":{\"pages\":[{\"n\":1}]},\"data\":{\"hits\":[\n" + elements + "\n]}}\n").utf8),
                options: ["--records", "/data/hits"]),
            Form(name: "records.jsonl.gz", bytes: try compress(ndjson, with: ["gzip", "-c"])),
            Form(name: "records.json.zst", bytes: try compress(array, with: ["zstd", "-q", "-c"])),
            Form(name: "records.jsonl.xz", bytes: try compress(ndjson, with: ["xz", "-c"])),
            Form(name: "wrapped.json.bz2", bytes: try compress(wrapped, with: ["bzip2", "-c"])),
            // Named as text, read as what --input-format says, on every route.
            Form(name: "records.txt", bytes: ndjson, options: ["--input-format", "jsonl"]),
            Form(name: "array.txt", bytes: array, options: ["--input-format", "json"]),
        ]
    }

    static func compress(_ bytes: [UInt8], with command: [String]) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let writer = Thread {
            input.fileHandleForWriting.write(Data(bytes))
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(command) failed")
        return Array(data)
    }

    /// What a user sees, with the source's name replaced by `SRC`: the
    /// results (JSON lines), the warnings, the counts, and the number of
    /// records `--stats` says the source gave.
    struct Seen: Equatable, CustomStringConvertible {
        var status: Int32
        var results: [String]
        var warnings: [String]
        var counts: String
        var sourceRecords: String

        var description: String {
            "status \(status)\n\(counts)\nsource: \(sourceRecords)\n" + warnings.joined(separator: "\n") + "\n"
                + results.joined(separator: "\n")
        }
    }

    /// Runs `search` over `form` by `route` (a file, a folder holding it,
    /// stdin) with `arguments`.
    static func search(
        _ form: Form, route: String, arguments: [String], in directory: URL
    ) throws -> Seen {
        let folder = directory.appendingPathComponent("folder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(form.name)
        try Data(form.bytes).write(to: file)
        let common = arguments + form.options + ["--format", "jsonl", "--limit", "1000", "--stats"]
        let run: HostileOutcome
        let shown: String
        switch route {
        case "file":
            run = try Hostile.run(common + ["--data", file.path], timeout: 60)
            shown = file.path
        case "folder":
            run = try Hostile.run(common + ["--data", folder.path], timeout: 60)
            shown = folder.path + "/" + form.name
        default:
            run = try Hostile.run(common + ["--data", "-"], stdinBytes: form.bytes, timeout: 60)
            shown = "<stdin>"
        }
        try run.expectClean()
        func normal(_ text: String) -> String { text.replacingOccurrences(of: shown, with: "SRC") }
        let errors = run.stderr.split(separator: "\n").map { normal(String($0)) }
        let stats = errors.filter { $0.hasPrefix("stats: ") }
        return Seen(
            status: run.status,
            results: run.text.split(separator: "\n").map { normal(String($0)) },
            warnings: errors.filter { !$0.hasPrefix("stats: ") },
            counts: stats.first ?? "no stats",
            // `stats: SRC: NDJSON, gzip, 57 records`: the count, whatever the form.
            sourceRecords: stats.dropFirst().first.flatMap { $0.split(separator: ", ").last.map(String.init) }
                ?? "none")
    }

    @Test(arguments: 0..<6)
    func everyFormAndRouteFindsTheSameRecordsCountsAndWarnings(seed: Int) throws {
        let directory = try Hostile.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let records = Self.records(seed: UInt64(seed))
        let query = ["tea", "", "coffee -green", "queen", "cafe"][seed % 5]
        let forms = try Self.forms(of: records)
        let expected = try Self.search(forms[0], route: "file", arguments: [query], in: directory)
        #expect(!expected.warnings.isEmpty, "the records make warnings")
        #expect(expected.sourceRecords == "\(records.count) records", "\(expected)")
        for form in forms {
            for route in ["file", "folder", "stdin"] {
                let seen = try Self.search(form, route: route, arguments: [query], in: directory)
                #expect(seen == expected, "seed \(seed), \(form.name) by \(route):\n\(seen)\n---\n\(expected)")
            }
        }
    }

    /// Records that are only a name read the same as lines of text: kind
    /// `line`, NAME the line, ranked as any name.
    @Test(arguments: 0..<4)
    func linesOfTextAreTheirNamesAsRecords(seed: Int) throws {
        let directory = try Hostile.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let names = Self.names(seed: UInt64(100 + seed))
        let query = ["tea", "cafe", "queen", "eclair"][seed % 4]
        let records = names.map { #"{"name":"\#($0)"}"# }
        var forms = try Self.forms(of: records)
        forms.append(Form(name: "names.txt", bytes: Array(("\n" + names.joined(separator: "\n") + "\n").utf8)))
        forms.append(
            Form(
                name: "names.log.gz",
                bytes: try Self.compress(Array(("\n" + names.joined(separator: "\n")).utf8), with: ["gzip", "-c"])))
        let arguments = [query, "--kind", "line"]
        let expected = try Self.search(forms[0], route: "file", arguments: arguments, in: directory)
        #expect(expected.status == 0, "\(expected)")
        #expect(expected.results.allSatisfy { $0.hasPrefix(#"{"kind":"line","#) }, "\(expected)")
        for form in forms {
            for route in ["file", "folder", "stdin"] {
                let seen = try Self.search(form, route: route, arguments: arguments, in: directory)
                #expect(seen == expected, "seed \(seed), \(form.name) by \(route):\n\(seen)\n---\n\(expected)")
            }
        }
    }
}
