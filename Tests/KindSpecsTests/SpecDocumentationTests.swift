import Foundation
import TestSupport
import Testing

/// Every example of `schemas/README.md` is run with the built `search`, and
/// its output there is what the command prints: standard output, then
/// standard error. `RECORD_SNAPSHOTS=1` rewrites the outputs from the runs.
///
/// An example is a code block whose first line is `$ search ARGUMENTS`,
/// optionally piped into `head -N` or `tail -N`. It runs in a fresh folder
/// holding `Examples` (the package's) and an empty `my-kinds`, with an empty
/// config folder.
@Suite(.serialized) struct SpecDocumentationTests {
    static let page = SpecFixtures.packageRoot.appendingPathComponent("schemas/README.md")

    struct Example {
        /// The index of the `$ search` line in the page's lines.
        var line: Int
        var command: String
        var output: [String]
    }

    static func examples(in lines: [String]) -> [Example] {
        var examples: [Example] = []
        var index = 0
        while index < lines.count {
            if lines[index] == "```", index + 1 < lines.count, lines[index + 1].hasPrefix("$ search") {
                var end = index + 2
                while end < lines.count && lines[end] != "```" { end += 1 }
                examples.append(
                    Example(
                        line: index + 1, command: String(lines[index + 1].dropFirst(2)),
                        output: Array(lines[(index + 2)..<end])))
                index = end
            }
            index += 1
        }
        return examples
    }

    /// Words as a POSIX shell splits them, with single quotes.
    static func words(_ command: String) -> [String] {
        var words: [String] = []
        var word = ""
        var inQuotes = false
        var started = false
        for character in command {
            if character == "'" {
                inQuotes.toggle()
                started = true
            } else if character == " " && !inQuotes {
                if started { words.append(word) }
                word = ""
                started = false
            } else {
                word.append(character)
                started = true
            }
        }
        if started { words.append(word) }
        return words
    }

    /// What the example prints, as lines.
    static func run(_ command: String) throws -> [String] {
        let parts = command.components(separatedBy: " | ")
        let arguments = Array(words(parts[0]).dropFirst())
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spec-docs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("my-kinds"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("config"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("Examples"),
            withDestinationURL: SpecFixtures.packageRoot.appendingPathComponent("Examples"))
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try BinaryRunner.run(
            arguments, environment: ["XDG_CONFIG_HOME": folder.appendingPathComponent("config").path], in: folder)
        var lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        for filter in parts.dropFirst() {
            let filterWords = words(filter)
            let count = Int(filterWords.last?.dropFirst() ?? "") ?? 10
            lines = filterWords.first == "head" ? Array(lines.prefix(count)) : Array(lines.suffix(count))
        }
        var errors = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if errors.last == "" { errors.removeLast() }
        return lines + errors
    }

    @Test func everyExampleShowsWhatTheCommandPrints() throws {
        var lines = try String(contentsOf: Self.page, encoding: .utf8).components(separatedBy: "\n")
        let examples = Self.examples(in: lines)
        #expect(examples.count >= 6)
        var rewritten = false
        // From the last, so that rewriting one leaves the earlier ones' lines in place.
        for example in examples.reversed() {
            let printed = try Self.run(example.command)
            #expect(!printed.isEmpty, "\(example.command) printed nothing")
            if printed != example.output {
                if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
                    lines.replaceSubrange((example.line + 1)..<(example.line + 1 + example.output.count), with: printed)
                    rewritten = true
                } else {
                    let shown = printed.joined(separator: "\n")
                    Issue.record("schemas/README.md:\(example.line + 1): \(example.command) prints:\n\(shown)")
                }
            }
        }
        if rewritten {
            try lines.joined(separator: "\n").write(to: Self.page, atomically: true, encoding: .utf8)
            Issue.record("schemas/README.md was rewritten from the runs; run the tests again")
        }
    }

    /// The page's spec example is the shipped package spec, less its `$schema` and `description`.
    @Test func theSpecShownIsTheShippedOne() throws {
        let text = try String(contentsOf: Self.page, encoding: .utf8)
        let start = try #require(text.range(of: "```json\n"))
        let end = try #require(text.range(of: "\n```", range: start.upperBound..<text.endIndex))
        let shown = try JSONSerialization.jsonObject(with: Data(text[start.upperBound..<end.lowerBound].utf8))
        let file = SpecFixtures.packageRoot.appendingPathComponent("Examples/kinds/package.kind.json")
        var shipped = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        shipped["$schema"] = nil
        shipped["description"] = nil
        #expect(NSDictionary(dictionary: shipped).isEqual(to: try #require(shown as? [String: Any])))
    }
}
