import Foundation
import ResultKit
import SearchEngine
import StreamingJSON
import TestSupport
import Testing

/// The streaming reader of JSON documents against the whole-document
/// parser: for random arrays of every shape (minified on one line, one
/// element per line, pretty-printed), larger than the reads it takes, with
/// strings full of escapes and quotes and values nested past what its fast
/// sweep tracks, it hands over exactly the elements the parser finds, each
/// at the line it starts on.
@Suite struct JSONDocumentReaderTests {
    /// A random JSON value, as text, `depth` levels deep at most.
    static func value(_ generator: inout SplitMix64, depth: Int) -> String {
        func pick(_ count: Int) -> Int { Int(generator.next() % UInt64(count)) }
        switch depth <= 0 ? pick(4) : pick(7) {
        case 0: return String(pick(100_000)) + (pick(3) == 0 ? ".5e-3" : "")
        case 1: return ["true", "false", "null"][pick(3)]
        case 2, 3:
            let pieces = [#"\""#, #"\\"#, "tea", "]}", "[{", ",", #"\u00e9"#, "é", " ", #"\\\""#, #"\t"#]
            return "\"" + (0..<pick(8)).map { _ in pieces[pick(pieces.count)] }.joined() + "\""
        case 4, 5:
            let members = (0..<pick(5)).map { index in
                "\"k\(index)\":" + value(&generator, depth: depth - 1)
            }
            return "{" + members.joined(separator: ",") + "}"
        default:
            return "[" + (0..<pick(4)).map { _ in value(&generator, depth: depth - 1) }.joined(separator: ",") + "]"
        }
    }

    /// An object nested `levels` deep: past the sweep's 64, the general scan takes it.
    static func deep(_ levels: Int) -> String {
        String(repeating: #"{"a":"#, count: levels) + "1" + String(repeating: "}", count: levels)
    }

    static func document(seed: UInt64, layout: Int) -> (text: String, elements: [String]) {
        var generator = SplitMix64(state: seed)
        var elements: [String] = []
        var size = 0
        while size < 3 << 20 {
            var element =
                #"{"kind":"note","name":"n\#(elements.count)","v":"# + value(&generator, depth: 6) + "}"
            if elements.count % 997 == 5 { element = Self.deep(70 + elements.count % 300) }
            if elements.count % 1499 == 7 {
                element = #"{"name":"long","body":""# + String(repeating: "x", count: 1 << 20) + #""}"#
            }
            elements.append(element)
            size += element.utf8.count
        }
        switch layout {
        case 0: return ("[" + elements.joined(separator: ",") + "]", elements)
        case 1: return ("[\n" + elements.joined(separator: ",\n") + "\n]\n", elements)
        default:
            // Each element indented and its members on lines of their own, as a pretty printer writes them.
            let pretty = elements.map { "  " + $0.replacingOccurrences(of: #","k"#, with: ",\n    \"k") }
            return ("[\n" + pretty.joined(separator: " ,\n") + "\n]", elements)
        }
    }

    @Test(arguments: [(1, 0), (2, 1), (3, 2), (4, 0)])
    func theStreamHandsOverWhatTheParserFinds(seed: Int, layout: Int) throws {
        let (text, elements) = Self.document(seed: UInt64(seed), layout: layout)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("array-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        let parser = JSONParser()
        let expected = try elements.map { try parser.parse($0) }
        // The line each element starts on, from the text itself.
        var lines: [Int] = []
        var line = 1
        var depth = 0
        var inString = false
        var escaped = false
        for byte in text.utf8 {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == 0x5C {
                    escaped = true
                } else if byte == 0x22 {
                    inString = false
                }
                if byte == 0x0A { line += 1 }
                continue
            }
            switch byte {
            case 0x0A: line += 1
            case 0x22: inString = true
            case 0x7B, 0x5B:
                if depth == 1 { lines.append(line) }
                depth += 1
            case 0x7D, 0x5D: depth -= 1
            default: break
            }
        }
        let registry = try KindRegistry([noteKind()])
        var records: [Record] = []
        var diagnostics: [Diagnostic] = []
        RecordReader(registry: registry).read(
            .path(path.path), record: { records.append($0) }, diagnose: { diagnostics.append($0) })
        #expect(diagnostics.isEmpty, "\(diagnostics.prefix(3))")
        #expect(records.count == expected.count)
        #expect(records.map { JSONValue.object($0.object) } == expected)
        #expect(records.map(\.location.line) == lines)

        // As lines for the search: each element's bytes, whole.
        var handed: [JSONValue] = []
        RecordReader(registry: registry).read(
            .path(path.path), record: { _ in Issue.record("a record where lines were asked for") },
            lines: { line in handed.append((try? parser.parse(line.bytes)) ?? .null) },
            diagnose: { diagnostics.append($0) })
        #expect(handed == expected)
    }

    /// A mistake inside an element is that element's warning, at its line
    /// and column in the file; one in the structure stops there, with what
    /// came before kept.
    @Test func mistakesArePlacedInTheFile() throws {
        let text = "[\n  {\"name\":\"a\"},\n  {\"name\":\n     tru},\n  {\"name\":\"c\"} {\"name\":\"d\"}\n]"
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        let registry = try KindRegistry([noteKind()])
        var names: [String] = []
        var messages: [String] = []
        RecordReader(registry: registry).read(
            .path(path.path), record: { names.append($0.object["name"]?.stringValue ?? "?") },
            diagnose: { messages.append("\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.message)") })
        #expect(names == ["a", "c"])
        #expect(
            messages == [
                "4:6 malformed JSON: invalid literal, expected 'true'",
                "5:16 malformed JSON: expected ',' or ']' after an array element; the rest of this input is skipped",
            ])
    }
}
