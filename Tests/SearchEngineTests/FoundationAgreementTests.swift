import Foundation
import ResultKit
import SearchEngine
import StreamingJSON
import TestSupport
import Testing

/// The fast reader gives the same records as a Foundation-based decode, on
/// the real bundled data and on a generated file of 100,000 records.
@Suite struct FoundationAgreementTests {
    /// A canonical text for a Foundation JSON value (keys sorted, numbers as
    /// doubles), so that both decodes can be compared exactly.
    static func canonical(_ value: Any) -> String {
        switch value {
        case let object as [String: Any]:
            return "{"
                + object.keys.sorted().map { "\($0)=\(canonical(object[$0] ?? NSNull()))" }.joined(separator: ",") + "}"
        case let array as [Any]:
            return "[" + array.map(canonical).joined(separator: ",") + "]"
        case let number as NSNumber:
            // Foundation reports booleans as NSNumbers of Objective-C type "c".
            if String(cString: number.objCType) == "c" { return number.boolValue ? "true" : "false" }
            return "n\(number.doubleValue)"
        case let string as String:
            return "s\(string)"
        default:
            return "null"
        }
    }

    static func canonical(_ value: JSONValue) -> String {
        switch value {
        case .object(let object):
            return "{" + object.keys.sorted().map { "\($0)=\(canonical(object[$0] ?? .null))" }.joined(separator: ",")
                + "}"
        case .array(let array): return "[" + array.map(canonical).joined(separator: ",") + "]"
        case .number(let text): return "n\(Double(text) ?? .nan)"
        case .string(let string): return "s\(string)"
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        }
    }

    func compare(file path: String) throws -> Int {
        let registry = try KindRegistry([noteKind()])
        var ours: [String] = []
        var problems: [String] = []
        RecordReader(registry: registry).read(
            .path(path),
            record: { ours.append(Self.canonical(.object($0.object))) },
            diagnose: { problems.append($0.description) }
        )
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let theirs = try data.split(separator: UInt8(ascii: "\n")).filter { !$0.isEmpty }.map { line in
            Self.canonical(try JSONSerialization.jsonObject(with: Data(line)))
        }
        #expect(problems.isEmpty)
        #expect(ours.count == theirs.count)
        for (index, (a, b)) in zip(ours, theirs).enumerated() where a != b {
            Issue.record("record \(index + 1) differs:\n  ours:       \(a)\n  Foundation: \(b)")
            break
        }
        return ours.count
    }

    @Test(arguments: ["domains", "products", "cards", "mixed"])
    func theBundledSamplesReadTheSame(name: String) throws {
        let path = packageRoot.appendingPathComponent("Examples/data/\(name).jsonl").path
        #expect(try compare(file: path) > 0)
    }

    @Test func aGeneratedFileOf100000RecordsReadsTheSame() throws {
        var generator = SystemRandomNumberGenerator()
        var lines: [String] = []
        let words = ["tea", "café", "東京", "naïve", "a\\\"quote", "tab\\there", "emoji 👍🏽", "\\u00e9"]
        for index in 0..<100_000 {
            let word = words[Int(generator.next() % UInt64(words.count))]
            let price = Double(generator.next() % 100_000) / 100
            lines.append(
                #"{"kind":"note","name":"\#(word) \#(index)","price":\#(price),"tags":["a",1,true,null],"#
                    + #""n":{"x":-1.5e3}}"#
            )
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("agree-\(UUID().uuidString).jsonl")
            .path
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try compare(file: path) == 100_000)
    }

    var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }
}
