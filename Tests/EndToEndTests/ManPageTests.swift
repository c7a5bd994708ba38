import Foundation
import TestSupport
import Testing

/// `search --generate-manpage`: a roff page that `man` renders without
/// warnings, with every option of the help.
@Suite(.serialized) struct ManPageTests {
    func render(_ page: String, device: String) throws -> ShellResult {
        let file = try ShellCommand.temporaryFile(named: "search.1", page)
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        return try ShellCommand.run(
            #"groff -man -T"$2" -P-cbou -ww -rLL=80n "$1""#, arguments: ["sh", file.path, device])
    }

    @Test(.enabled(if: ShellCommand.path(of: "groff") != nil, "groff is not installed (apt-get install -y groff)"))
    func groffRendersThePageWithoutAWarning() throws {
        let page = try BinaryRunner.run(["--generate-manpage"])
        #expect(page.status == 0)
        let rendered = try render(page.stdout, device: "utf8")
        #expect(rendered.status == 0)
        #expect(rendered.stderr.isEmpty, "groff warned: \(rendered.stderr)")
        // Justified text has runs of spaces: collapse them to compare prose.
        let text = try render(page.stdout, device: "ascii").stdout
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in line.split(separator: " ").joined(separator: " ") }
            .joined(separator: "\n")
        for heading in [
            "NAME", "SYNOPSIS", "DESCRIPTION", "QUERY", "OPTIONS", "ENVIRONMENT", "EXIT STATUS", "EXAMPLES",
        ] {
            #expect(text.contains("\n\(heading)\n"), "\(heading)")
        }
        #expect(text.contains("search - search mixed results"))
        #expect(text.contains("-o, --format FORMAT"))
        #expect(text.contains("--generate-completion-script SHELL"))
        #expect(text.contains("\n64 A usage error:"))
        #expect(text.contains("card, domain, line, product"))
    }

    @Test func everyOptionInTheHelpIsInTheManPage() throws {
        let help = try BinaryRunner.run(["--help"], environment: ["COLUMNS": "200"]).stdout
        let page = try BinaryRunner.run(["--generate-manpage"]).stdout
        let options = help.split(separator: "\n").filter { $0.hasPrefix("  -") }.compactMap { line in
            line.firstRange(of: "--").map { line[$0.upperBound...].prefix { $0 != " " } }
        }
        #expect(options.count >= 18)
        for option in options {
            #expect(page.contains("\\fB\\-\\-" + option.replacing("-", with: "\\-") + "\\fR"), "--\(option)")
        }
    }
}
