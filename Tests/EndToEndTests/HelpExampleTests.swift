import Foundation
import TestSupport
import Testing

/// The EXAMPLES that `search --help` opens with are real commands: each one
/// runs as printed, in a folder holding the `items.jsonl` they name.
@Suite struct HelpExampleTests {
    /// The example commands of the help, as printed (the lines of its
    /// EXAMPLES section that are not `#` comments).
    static func examples() throws -> [String] {
        let help = try BinaryRunner.run(["--help"], environment: ["COLUMNS": "100"]).stdout
        let lines = help.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: "EXAMPLES:"), "no EXAMPLES section in --help")
        let section = lines[(start + 1)...].prefix { !$0.isEmpty }
        return section.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.hasPrefix("#") }
    }

    @Test func theHelpOpensWithFiveToEightExamplesBeforeTheOptions() throws {
        let help = try BinaryRunner.run(["--help"], environment: ["COLUMNS": "80"]).stdout
        let examples = try Self.examples()
        #expect((5...8).contains(examples.count), "\(examples)")
        let examplesAt = try #require(help.range(of: "\nEXAMPLES:\n"))
        let optionsAt = try #require(help.range(of: " OPTIONS:\n"))
        #expect(examplesAt.lowerBound < optionsAt.lowerBound)
    }

    @Test func everyExampleRunsAsPrinted() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("help-examples-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // The examples' own records: the bundled sample's, in one file.
        var items = Data()
        for name in ["cards", "products", "domains"] {
            items += try Data(
                contentsOf: BinaryRunner.packageRoot.appendingPathComponent("Examples/data/\(name).jsonl"))
        }
        try items.write(to: folder.appendingPathComponent("items.jsonl"))
        let bin = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: bin.appendingPathComponent("search"), withDestinationURL: BinaryRunner.binary)
        for example in try Self.examples() {
            // The picker needs a terminal: it is run by the interactive tests; here it must parse.
            let picks = example.contains(" -i ")
            let script = picks ? example + " --help >/dev/null" : example
            let result = try ShellCommand.run(
                "cd \"$FOLDER\" && " + script,
                environment: ["PATH": bin.path + ":/usr/bin:/bin", "FOLDER": folder.path])
            #expect(result.status == 0, "\(example): status \(result.status)\n\(result.stderr)")
            #expect(result.stderr.isEmpty, "\(example):\n\(result.stderr)")
            #expect(picks || !result.stdout.isEmpty, "\(example) printed nothing")
        }
    }
}
