import Foundation
import Testing

/// The generated width tables must match what the generator makes from the
/// Unicode Character Database today.
struct DisplayWidthTablesTests {
    static let ucd = "/usr/share/unicode"
    static let generated = WcwidthOracleTests.root.appendingPathComponent(
        "Sources/TerminalTable/DisplayWidth+Tables.swift")
    static let script = WcwidthOracleTests.root.appendingPathComponent("scripts/unicode/generate-width-tables.py")

    static let canRegenerate: Bool = {
        FileManager.default.fileExists(atPath: ucd + "/EastAsianWidth.txt")
            && FileManager.default.fileExists(atPath: ucd + "/emoji/emoji-data.txt")
            && (try? Oracle.run(["-c", "pass"])) != nil
    }()

    @Test(
        .enabled(
            if: canRegenerate,
            "UCD files absent (apt-get install unicode-data) or no python3: cannot check the generated width tables"
        )
    )
    func generatedTablesAreFresh() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("tables-\(UUID().uuidString).swift")
        defer { try? FileManager.default.removeItem(at: output) }
        _ = try Oracle.run([Self.script.path, "--ucd", Self.ucd, "--output", output.path])
        let fresh = try String(contentsOf: output, encoding: .utf8)
        let committed = try String(contentsOf: Self.generated, encoding: .utf8)
        #expect(
            fresh == committed,
            "DisplayWidth+Tables.swift is stale; regenerate: python3 scripts/unicode/generate-width-tables.py --ucd \(Self.ucd)"
        )
    }
}
