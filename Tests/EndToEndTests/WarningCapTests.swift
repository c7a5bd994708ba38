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
        #expect(lines.contains { $0.hasPrefix("stats:") && $0.contains("(malformed 1,000,") })
        #expect(result.status == 1)
    }

    /// Records of kinds no module or spec knows make one warning, naming the
    /// kinds of those shown (ten, and how many more), however many there are.
    @Test func distinctUnknownKindsMakeOneLineNamingThoseShown() throws {
        let input = (0..<500).map { #"{"kind":"k\#($0)","name":"tea \#($0)"}"# }.joined(separator: "\n")
        let result = try BinaryRunner.run(["tea", "--stats", "-o", "jsonl"], stdin: input)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        let warnings = lines.filter { $0.hasPrefix("warning:") }
        #expect(warnings.count == 1, "\(result.stderr)")
        #expect(
            warnings.first?.hasPrefix(
                "warning: unknown kinds 'k0', 'k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'k7', 'k8', 'k9' and 10 more: "
                    + "20 records shown with the generic renderer (known kinds: ") == true, "\(warnings)")
        #expect(lines.contains { $0.hasPrefix("stats:") && $0.hasSuffix("other warnings 0") }, "\(lines)")
        #expect(result.stdout.split(separator: "\n").count == 20)
        // --quiet quiets it; --strict makes it an error.
        #expect(try BinaryRunner.run(["tea", "-q", "-o", "jsonl"], stdin: input).stderr == "")
        #expect(try BinaryRunner.run(["tea", "--strict", "-o", "jsonl"], stdin: input).status == 2)
    }

    /// The unknown kinds named are those of the records shown, not of every record read.
    @Test func onlyTheUnknownKindsShownAreNamed() throws {
        let input = #"{"kind":"gadget","name":"tea kettle"}"# + "\n" + #"{"kind":"recipe","name":"scones"}"# + "\n"
        let result = try BinaryRunner.run(["tea"], stdin: input)
        #expect(
            result.stderr
                == "warning: unknown kind 'gadget': 1 record shown with the generic renderer (known kinds: card, "
                + "domain, line, product)\n")
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
