import Foundation
import TestSupport
import Testing

/// A JSON array large enough to be read in blocks on every core (8 MiB and
/// more), as `jq -c .` and most exporters write one, on one line: the built
/// `search` finds in it what it finds in the same records as NDJSON, with
/// the same counts and the same warnings; a warning inside an element gives
/// the element's column on line 1, as the reader in order gives it. So does
/// the array an object wraps, and the one `--records` names.
@Suite(.serialized) struct LargeArrayTests {
    /// Records enough for 9 MB: products, and now and then a record that
    /// goes wrong (malformed, a value that is not an object, an unknown
    /// kind, a record its kind rejects).
    static func records() -> [String] {
        var generator = SplitMix64(state: 41)
        func pick(_ count: Int) -> Int { Int(generator.next() % UInt64(count)) }
        let words = ["tea", "teapot", "green tea", "coffee", "café", "茶", "herbal", "mug"]
        var records: [String] = []
        var size = 0
        while size < 9 << 20 {
            let index = records.count
            let word = words[pick(words.count)]
            let record =
                switch pick(5000) {
                case 0: #"{"kind":"product","name": \#(word)}"#
                case 1: "\(index)"
                case 2: #"{"kind":"gadget","name":"\#(word) \#(index)"}"#
                case 3: #"{"kind":"card","rank":"Z","suit":"hearts"}"#
                case 4: #"{"kind":"product","name":"\#(word) \"],{\" \#(index)","price":\#(pick(90))}"#
                default:
                    #"{"kind":"product","name":"\#(word) \#(index)","price":\#(pick(90)),"about":"item \#(index)"}"#
                }
            records.append(record)
            size += record.utf8.count + 1
        }
        return records
    }

    @Test func aLargeArrayOnOneLineFindsWhatNDJSONFinds() throws {
        let directory = try Hostile.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let records = Self.records()
        let elements = records.joined(separator: ",")
        let forms = [
            InputFormsPropertyTests.Form(
                name: "records.jsonl", bytes: Array(("\n" + records.joined(separator: "\n") + "\n").utf8)),
            // One line, so every record is on line 1, at its own column.
            InputFormsPropertyTests.Form(name: "records.json", bytes: Array(("[" + elements + "]\n").utf8)),
            InputFormsPropertyTests.Form(
                name: "wrapped.json", bytes: Array((#"{"total":9,"items":["# + elements + "]}").utf8)),
            InputFormsPropertyTests.Form(
                name: "pointed.json", bytes: Array((#"{"data":{"hits":["# + elements + "]}}").utf8),
                options: ["--records", "/data/hits"]),
        ]
        for query in ["tea", "coffee -green", "茶"] {
            let ndjson = try InputFormsPropertyTests.search(forms[0], route: "file", arguments: [query], in: directory)
            #expect(ndjson.sourceRecords == "\(DiagnosticCount.grouped(records.count)) records", "\(ndjson.counts)")
            #expect(!ndjson.warnings.isEmpty)
            for form in forms.dropFirst() {
                // From the file, in blocks; from stdin, in one pass.
                let inBlocks = try InputFormsPropertyTests.search(
                    form, route: "file", arguments: [query], in: directory)
                let inOrder = try InputFormsPropertyTests.search(
                    form, route: "stdin", arguments: [query], in: directory)
                #expect(inBlocks == inOrder, "\(form.name):\n\(inBlocks)\n---\n\(inOrder)")
                // The records NDJSON holds, at other lines.
                #expect(inBlocks.counts == ndjson.counts, "\(form.name)")
                #expect(inBlocks.sourceRecords == ndjson.sourceRecords, "\(form.name)")
                #expect(
                    inBlocks.results.map(Self.withoutLocation) == ndjson.results.map(Self.withoutLocation),
                    "\(form.name)")
                #expect(inBlocks.warnings.count == ndjson.warnings.count, "\(form.name): \(inBlocks.warnings)")
                // A message inside an element gives its column on line 1.
                #expect(inBlocks.warnings.contains { $0.hasPrefix("warning: SRC:1:") && $0.contains("malformed JSON") })
            }
        }
    }

    /// A JSON result line without the record's location, which differs
    /// between forms.
    static func withoutLocation(_ line: String) -> String {
        line.replacingOccurrences(of: #","source":"SRC:\d+""#, with: "", options: .regularExpression)
    }
}

/// `--stats` groups counts by thousands, as the command prints them.
enum DiagnosticCount {
    static func grouped(_ number: Int) -> String {
        let digits = String(number)
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text += "," }
            text.append(digit)
        }
        return text
    }
}
