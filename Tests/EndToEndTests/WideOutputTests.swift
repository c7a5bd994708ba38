import Foundation
import Testing

/// Records with many different fields: the delimited formats cap the union
/// of columns, and field lists in errors stay short. (Their time is checked
/// at N and 4N by `scripts/output-scaling.sh`, in release mode.)
@Suite(.serialized) struct WideOutputTests {
    /// 1,200 records, each with a field of its own (`u0` to `u1199`).
    static let records: [UInt8] = Array(
        (0..<1_200).map { #"{"kind":"product","name":"thing \#($0)","price":1,"u\#($0)":\#($0)}"# + "\n" }.joined()
            .utf8)

    /// Regression: `-o csv` wrote the union of every record's keys, rows ×
    /// keys cells (1.6 billion for 40,000 records).
    @Test(arguments: ["csv", "tsv"])
    func theUnionOfColumnsIsCappedWithAWarningNamingFields(format: String) throws {
        let run = try GuardedRun.run(["", "--data", "-", "--limit", "2000", "-o", format], stdin: Self.records)
        #expect(run.status == 0)
        #expect(
            run.stderr
                == "warning: the results have 1,203 different fields; --format \(format) shows the first 1,000 met "
                + "(kind and name first); choose the fields with --fields\n")
        // CSV's line end is CRLF, one Character.
        let lines = run.text.split { $0 == "\n" || $0 == "\r\n" }
        #expect(lines.count == 1_201)
        let separator: Character = format == "csv" ? "," : "\t"
        let header = lines[0].split(separator: separator, omittingEmptySubsequences: false)
        #expect(header.count == 1_000)
        #expect(header.prefix(5) == ["kind", "name", "price", "u0", "u1"])
        #expect(lines.allSatisfy { $0.split(separator: separator, omittingEmptySubsequences: false).count == 1_000 })
    }

    @Test func fieldsReachesPastTheCap() throws {
        let run = try GuardedRun.run(
            ["", "--data", "-", "--limit", "2000", "-o", "csv", "--fields", "name,u1199"], stdin: Self.records)
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        #expect(run.text.hasSuffix("thing 1199,1199\r\n"))
    }

    @Test func theAvailableFieldsListIsShort() throws {
        let run = try GuardedRun.run(
            ["", "--data", "-", "--limit", "2000", "-o", "csv", "--fields", "nope"], stdin: Self.records)
        #expect(run.status == 2)
        let list = try #require(run.stderr.split(separator: "\n").last)
        // kind, name, the fields the results' kind declares (not those of
        // kinds no result has), then the records' in the order met.
        #expect(list.hasPrefix("Available fields: kind, name, price, rating, "), "\(list.prefix(80))")
        #expect(!list.contains("rank"), "\(list)")
        #expect(list.hasSuffix(", and 1158 more"), "\(list.suffix(40))")
    }
}
