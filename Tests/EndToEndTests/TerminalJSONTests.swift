import Foundation
import TestSupport
import Testing

/// JSON for a person at a terminal is indented and coloured, as jq and gh
/// print it; through a pipe it is compact. Either way it is the same JSON.
@Suite struct TerminalJSONTests {
    /// What `search` draws on a terminal, its line ends and colours taken out.
    static func drawn(_ arguments: [String]) throws -> (raw: String, plain: String) {
        let terminal = try PseudoTerminal(arguments + ["--no-pager"], lines: 400, executable: BinaryRunner.binary.path)
        #expect(terminal.finish() == 0)
        let raw = String(decoding: terminal.screenBytes, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        let plain = raw.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        return (raw, plain)
    }

    static func parsed(_ text: String) throws -> NSDictionary {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary)
    }

    @Test func aDocumentIsIndentedAndColouredOnATerminalAndCompactThroughAPipe() throws {
        let arguments = ["queen", "-n", "3", "-o", "json", "-q"]
        let terminal = try Self.drawn(arguments)
        #expect(terminal.plain.hasPrefix("{\n  \"version\": 1,\n  \"query\": \"queen\",\n"), "\(terminal.plain)")
        #expect(terminal.raw.contains("\u{1B}[1;34m\"kind\"\u{1B}[0m: \u{1B}[32m\"card\"\u{1B}[0m"), "\(terminal.raw)")
        let piped = try BinaryRunner.run(arguments)
        #expect(piped.stdout.split(separator: "\n").count == 1)
        #expect(!piped.stdout.contains("\u{1B}"))
        #expect(try Self.parsed(terminal.plain) == (try Self.parsed(piped.stdout)))
        // With no colour asked for, none.
        #expect(!(try Self.drawn(arguments + ["--color", "never"]).raw.contains("\u{1B}[")))
    }

    @Test func noResultsIsAnEmptyArrayOnItsKeysLine() throws {
        let terminal = try PseudoTerminal(
            ["zzqxj", "-o", "json", "--color", "never", "-q"], executable: BinaryRunner.binary.path)
        #expect(terminal.finish() == 1)
        let text = String(decoding: terminal.screenBytes, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        #expect(text == "{\n  \"version\": 1,\n  \"query\": \"zzqxj\",\n  \"total\": 0,\n  \"results\": []\n}\n")
    }

    /// JSON lines stay one result a line, coloured on a terminal.
    @Test func jsonLinesStayOneResultALine() throws {
        let terminal = try Self.drawn(["queen", "-n", "3", "-o", "jsonl", "-q"])
        let lines = terminal.plain.split(separator: "\n")
        #expect(lines.count == 3, "\(terminal.plain)")
        let piped = try BinaryRunner.run(["queen", "-n", "3", "-o", "jsonl"])
        #expect(lines.map(String.init) == piped.stdout.split(separator: "\n").map(String.init))
        #expect(terminal.raw.contains("\u{1B}[32m"))
    }
}
