import Foundation
import InteractiveSearch
import ResultKit
import SearchEngine
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Whatever form piped input takes, the picker copies it as it comes, one
/// record per line, and finds in the copy what a one-shot search finds in
/// the input: the same hits in the same order, the same counts, the same
/// warnings, at the same lines (but where several records share a line).
@Suite struct PipedFormsAgreementTests {
    /// How the records are piped.
    enum Form: String, CaseIterable, Sendable {
        /// Lines of text: the names alone, kind `line`.
        case lines
        /// CSV after a header, names with commas quoted, a row of too many fields.
        case csv
        /// TSV after a header.
        case tsv
        /// A JSON array, one element per line.
        case arrayPerLine
        /// A JSON array pretty-printed: each element over several lines.
        case prettyArray
        /// A JSON array on one line.
        case arrayOnOneLine
        /// An object that wraps the records, on one line (an API's response).
        case wrapped
        /// NDJSON compressed with gzip.
        case gzip
        /// NDJSON whose kinds are named by `type` (`--kind-field type`):
        /// each line of the copy parsed whole.
        case kindField

        /// Whether each record starts a line of its own: else the copy's
        /// lines cannot be the input's.
        var recordsHaveTheirOwnLines: Bool { self != .arrayOnOneLine && self != .wrapped }
    }

    /// Names from a few syllables, so that prefixes and typos match many.
    static func names(_ count: Int, seed: UInt64) -> [String] {
        var random = SplitMix64(state: seed)
        let syllables = ["qu", "ee", "n", "ro", "se", "ki", "ng", "ca", "rd", " of hearts", "é", " "]
        return (0..<count).map { index in
            let name = (0..<Int.random(in: 2...6, using: &random)).map { _ in
                syllables.randomElement(using: &random)!
            }.joined()
            // Control characters and bidi overrides are data, kept as they are.
            switch index % 211 {
            case 7: return "queen \u{1B}[31mred\u{1B}[0m \(index)"
            case 19: return "rose \u{202E}desrever \(index)"
            case 23: return "queen, \"the\" rose \(index)"
            default: return name.trimmingCharacters(in: .whitespaces).isEmpty ? "rose \(index)" : name
            }
        }
    }

    /// The records of `form` as its bytes.
    static func content(_ form: Form, names: [String]) throws -> Data {
        func json(_ string: String) -> String {
            String(decoding: try! JSONSerialization.data(withJSONObject: [string], options: []), as: UTF8.self)
                .dropFirst().dropLast().description
        }
        func object(_ index: Int, kindKey: String = "kind") -> String {
            let kind = ["note", "memo", "note"][index % 3]
            // A note its kind rejects (no name): a warning at its line.
            if index % 97 == 13 { return #"{"\#(kindKey)":"note","body":"queen without a name"}"# }
            return #"{"\#(kindKey)":"\#(kind)","name":\#(json(names[index])),"body":"rose \#(index)"}"#
        }
        let count = names.count
        switch form {
        case .lines:
            // Blank lines between are no records, but count as lines.
            return Data(names.enumerated().map { $0 % 50 == 0 ? "\n" + $1 : $1 }.joined(separator: "\n").utf8)
        case .csv, .tsv:
            let separator = form == .csv ? "," : "\t"
            func field(_ text: String) -> String {
                form == .csv && (text.contains(",") || text.contains("\"")) || text.contains("\t")
                    ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
            }
            var rows = ["kind\(separator)name\(separator)body"]
            for index in 0..<count {
                let kind = ["note", "memo", "note"][index % 3]
                rows.append([kind, field(names[index]), "rose \(index)"].joined(separator: separator))
                // A row of too many fields: a warning, and the row skipped.
                if index % 101 == 5 { rows.append(["note", "queen extra", "x", "y"].joined(separator: separator)) }
            }
            return Data((rows.joined(separator: "\n") + "\n").utf8)
        case .arrayPerLine:
            return Data(("[\n" + (0..<count).map { object($0) }.joined(separator: ",\n") + "\n]\n").utf8)
        case .prettyArray:
            let data = try JSONSerialization.data(
                withJSONObject: (0..<count).map { try! JSONSerialization.jsonObject(with: Data(object($0).utf8)) },
                options: [.prettyPrinted])
            return data
        case .arrayOnOneLine:
            return Data(("[" + (0..<count).map { object($0) }.joined(separator: ",") + "]").utf8)
        case .wrapped:
            return Data(
                (#"{"total":\#(count),"items":["# + (0..<count).map { object($0) }.joined(separator: ",") + "]}\n").utf8
            )
        case .gzip:
            let plain = (0..<count).map { object($0) }.joined(separator: "\n") + "\n"
            return try Self.gzip(Data(plain.utf8))
        case .kindField:
            return Data(((0..<count).map { object($0, kindKey: "type") }.joined(separator: "\n") + "\n").utf8)
        }
    }

    /// `data` compressed by the system's `gzip`.
    static func gzip(_ data: Data) throws -> Data {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("forms-\(UUID().uuidString)")
        try data.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-c", file.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let compressed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return compressed
    }

    static let queries = [
        "queen", "rose", "qeen", "queen rose", "\"of hearts\"", "queen -memo", "kind:memo ro", "é", "zzzzq", "",
        "desrever", "red", "ca rd",
    ]

    @Test(arguments: Form.allCases)
    func thePickerFindsInTheCopyWhatAOneShotSearchFindsInTheInput(form: Form) throws {
        let registry = try KindRegistry([noteKind(), noteKind("memo"), .line])
        let names = Self.names(1500, seed: 3)
        // No name that tells the format: the content is sniffed, as stdin's.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("piped-\(UUID().uuidString)")
        try Self.content(form, names: names).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let reading = ReadingOptions(kindFields: form == .kindField ? ["type"] : [])
        var options = SearchOptions(limit: 30, keepsRecords: false)
        options.reading = reading
        let input = open(file.path, O_RDONLY)
        defer { close(input) }
        let records = LoadedRecords(
            sources: [.standardInput], reader: RecordReader(registry: registry, options: reading), standardInput: input,
            diagnosticCap: 1000, diagnose: { _ in })
        let deadline = Date().addingTimeInterval(60)
        while !records.isComplete, Date() < deadline { usleep(10_000) }
        #expect(records.isComplete)
        #expect(records.count == 0, "nothing held in memory")
        let live = LiveSearch(records: records, registry: registry, options: options, fewCandidates: 0, wake: {})
        // The index of the copy's search texts, as for a large file (not
        // where kinds are named by other fields: then no line is read in place).
        #expect(live.buildIndexNow() == (form != .kindField))
        func describe(_ hits: [SearchHit]) -> [String] {
            hits.map { hit in
                let match = hit.match.map { "\($0.field) \($0.tier) \($0.positions)" } ?? "-"
                let place = form.recordsHaveTheirOwnLines ? "\(hit.record.location)" : ""
                return "\(hit.kind.name) \(hit.row.name) \(place) \(hit.rank.score) \(match)"
            }
        }
        // What the command prints of them, through its cap: the first few
        // of each sort, the rest counted (a search in blocks samples them).
        func said(_ diagnostics: [Diagnostic]) -> [String] {
            var cap = DiagnosticCap()
            var printed: [String] = []
            for var diagnostic in diagnostics {
                if let location = diagnostic.location {
                    diagnostic.location = SourceLocation(
                        file: location.file.replacingOccurrences(of: file.path, with: "<stdin>"),
                        line: form.recordsHaveTheirOwnLines ? location.line : 0)
                }
                if cap.admit(diagnostic) { printed.append(diagnostic.description) }
            }
            return printed.sorted() + cap.summary + ["\(cap.warnings) warnings, \(cap.skippedRecords) skipped"]
        }
        var compared = 0
        var warned = false
        for query in Self.queries {
            for length in 0...query.count where length > 0 || query.isEmpty {
                let typed = String(query.prefix(length))
                let picked = try #require(live.searchNow(typed))
                // A phrase being typed reads as closed at the end.
                guard let parsed = (try? QueryParser().parse(typed)) ?? (try? QueryParser().parse(typed + "\""))
                else { continue }
                var oneShotSaid: [Diagnostic] = []
                let oneShot: SearchResult
                do throws(SearchError) {
                    oneShot = try SearchEngine.search(
                        sources: [DataSource.path(file.path)], query: parsed, options: options, registry: registry,
                        diagnose: { oneShotSaid.append($0) })
                } catch {
                    // A query that cannot run (`kind:m` while `kind:memo` is typed) runs in neither.
                    if case .success = picked.result { Issue.record("\(form): \(typed): the picker ran it") }
                    continue
                }
                var hits = try picked.result.get()
                if let more = picked.more { hits += more.build(hits.count..<picked.kept) }
                #expect(
                    describe(hits)
                        == describe(oneShot.hits).map { $0.replacingOccurrences(of: file.path, with: "<stdin>") },
                    "\(form): \(typed)")
                #expect(picked.matched == oneShot.statistics.matched, "\(form): \(typed)")
                #expect(picked.total == oneShot.statistics.read, "\(form): \(typed)")
                if !hits.isEmpty { compared += 1 }
                // The warnings of a search that read every record: the
                // copy's (of reading the input) and the search's.
                if !picked.narrowed, !picked.indexed, !warned {
                    warned = true
                    #expect(
                        said(records.standardInputProblems + picked.diagnostics) == said(oneShotSaid),
                        "\(form): \(typed)")
                }
            }
        }
        #expect(warned)
        #expect(compared >= 20, "\(compared) queries with hits")
    }
}
