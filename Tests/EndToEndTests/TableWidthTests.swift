import Foundation
import TestSupport
import Testing

/// The merged table as a person reads it at the widths people use, from the
/// real binary: the bundled samples, mixed data with an unknown kind, and
/// the spec examples.
@Suite struct TableWidthTests {
    static let widths = [40, 60, 80, 120, 200]

    static let searches: [(name: String, arguments: [String])] = [
        ("queen", ["queen"]),
        ("mixed", ["--data", "Examples/data/mixed.jsonl", "a"]),
        (
            "kinds",
            [
                "--kinds", "Examples/kinds", "--data", "Examples/kinds/countries.jsonl", "--data",
                "Examples/kinds/timezones.jsonl", "united",
            ]
        ),
    ]

    @Test(arguments: widths)
    func theMergedTable(width: Int) throws {
        for search in Self.searches {
            let result = try BinaryRunner.run(search.arguments + ["--width", "\(width)"])
            #expect(result.status == 0, "\(search.name): \(result.stderr)")
            for line in result.stdout.split(separator: "\n") {
                #expect(line.count <= width, "\(search.name) at \(width): \(line)")
            }
            assertSnapshot(result.stdout, named: "\(search.name)-\(width)")
        }
    }

    @Test(arguments: [40, 80])
    func theGroupedSections(width: Int) throws {
        let result = try BinaryRunner.run(["queen", "--group-by", "kind", "--width", "\(width)"])
        assertSnapshot(result.stdout, named: "queen-grouped-\(width)")
    }
}
