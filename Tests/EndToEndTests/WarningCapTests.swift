import Foundation
import TestSupport
import Testing

/// Many alike warnings print a few, then one line that counts the rest;
/// `--stats` counts every one.
@Suite struct WarningCapTests {
    @Test func aThousandMalformedLinesPrintTenAndOneSummaryLine() throws {
        let input = (0..<1_000).map { #"{"name": oops \#($0)"# }.joined(separator: "\n") + "\n"
        let result = try BinaryRunner.run(["tea", "--stats"], stdin: input)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.contains("malformed JSON") }.count == 10)
        #expect(lines.contains("warning: <stdin>: ... and 990 more like this"))
        #expect(lines.contains { $0.hasPrefix("stats:") && $0.contains("(malformed 1000,") })
        #expect(result.status == 1)
    }

    @Test func distinctUnknownKindsPrintTenAndOneSummaryLine() throws {
        let input = (0..<500).map { #"{"kind":"k\#($0)","name":"tea \#($0)"}"# }.joined(separator: "\n")
        let result = try BinaryRunner.run(["tea", "--stats", "-o", "jsonl"], stdin: input)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.contains("unknown kind 'k") }.count == 10)
        #expect(lines.contains("warning: <stdin>: ... and 490 more unknown kinds"))
        #expect(lines.contains { $0.hasPrefix("stats:") && $0.hasSuffix("other warnings 500") })
        #expect(result.stdout.split(separator: "\n").count == 20)
    }

    @Test func noWarningForARecordTheKindFilterHides() throws {
        let input =
            #"{"kind":"mystery","name":"tea"}"# + "\n" + #"{"name":"tea"}"# + "\n"
            + #"{"kind":"product","name":"tea","price":1}"# + "\n"
        let result = try BinaryRunner.run(["tea", "--kind", "product"], stdin: input)
        #expect(result.stderr == "")
        #expect(result.status == 0)
    }
}
