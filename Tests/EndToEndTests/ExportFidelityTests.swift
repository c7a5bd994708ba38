import Foundation
import TestSupport
import Testing

/// Through a pipe, exports carry the data: a name read back from CSV (RFC
/// 4180) or TSV (tab, line feed, carriage return and backslash escaped) is
/// the name JSON gives, whatever characters it holds.
@Suite struct ExportFidelityTests {
    /// Sixty names made of what a terminal, a spreadsheet or a reader of
    /// delimiters would act on, each in three places.
    static let names: [String] = {
        let fragments = [
            "\u{1B}[31mred\u{1B}[0m", "\u{1B}]52;c;cm0K\u{07}", "\u{9B}2J", "nul\u{0}byte", "bell\u{07}",
            "del\u{7F}", "c1\u{85}next", "bidi \u{202E}exe.txt\u{202C}", "\u{2067}isolate\u{2069}", "bom\u{FEFF}",
            "zero\u{200B}width", "tab\there", "line\nfeed", "carriage\rreturn", "crlf\r\nend", "back\\slash",
            "\\t not a tab", "quote \"q\"", "comma, then", "家族👨‍👩‍👧",
        ]
        return fragments.flatMap { fragment in ["\(fragment)", "a \(fragment) b", "\(fragment)\(fragment) z"] }
    }()

    static var records: String {
        names.map { name in
            let object: [String: Any] = ["kind": "product", "name": name, "price": 1]
            let data = try! JSONSerialization.data(withJSONObject: object)
            return String(decoding: data, as: UTF8.self)
        }.joined(separator: "\n") + "\n"
    }

    /// The names in `-o jsonl --fields name`, in order.
    static func jsonNames() throws -> [String] {
        let result = try GuardedRun.run(
            ["", "-n", "100", "--data", "-", "-o", "jsonl", "--fields", "name"], stdin: Array(records.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        return try result.text.split(separator: "\n").map { line in
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
            return try #require(object["name"] as? String)
        }
    }

    @Test func jsonKeepsEveryName() throws {
        #expect(Set(try Self.jsonNames()) == Set(Self.names))
    }

    @Test func csvReadsBackAsJSON() throws {
        let result = try GuardedRun.run(
            ["", "-n", "100", "--data", "-", "-o", "csv", "--fields", "name"], stdin: Array(Self.records.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        let records = try RFC4180Reader.records(result.text)
        #expect(records.first == ["name"])
        #expect(records.dropFirst().map { $0.first ?? "" } == (try Self.jsonNames()))
    }

    @Test func tsvReadsBackAsJSON() throws {
        let result = try GuardedRun.run(
            ["", "-n", "100", "--data", "-", "-o", "tsv", "--fields", "name"], stdin: Array(Self.records.utf8))
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.first == "name")
        #expect(lines.dropFirst().map { Self.unescaped(String($0)) } == (try Self.jsonNames()))
    }

    /// A TSV field as its convention reads it: `\t`, `\n`, `\r`, `\\`.
    static func unescaped(_ field: String) -> String {
        var out = ""
        var escaping = false
        for character in field.unicodeScalars {
            if escaping {
                switch character {
                case "t": out += "\t"
                case "n": out += "\n"
                case "r": out += "\r"
                default: out.unicodeScalars.append(character)
                }
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                out.unicodeScalars.append(character)
            }
        }
        return out
    }
}
