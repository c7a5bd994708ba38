import TestSupport
import Testing

/// Every exit status of `search`, and the shape of every usage error.
@Suite(.serialized) struct ExitStatusTests {
    static let cases: [([String], Int32)] = [
        (["queen"], 0),
        (["--version"], 0),
        (["--help"], 0),
        (["-h"], 0),
        (["--list-kinds"], 0),
        (["--generate-manpage"], 0),
        (["--generate-completion-script", "bash"], 0),
        (["zzzzqqqqxxxx"], 1),
        (["queen", "--offset", "100000"], 1),
        (["queen", "--data", "/nonexistent/file.jsonl"], 2),
        (["\"queen"], 2),
        (["nmae:x"], 2),
        (["queen", "--sort", "nope"], 2),
        (["queen", "--format", "csv", "--fields", "nope"], 2),
        (["--limt", "3"], 64),
        (["-z"], 64),
        (["--limit"], 64),
        (["--limit", "x"], 64),
        (["--limit=-1"], 64),
        (["--format", "xml"], 64),
        (["--color", "sometimes"], 64),
        (["--width", "3"], 64),
        (["--fuzzy=yes"], 64),
        (["--generate-completion-script", "powershell"], 64),
    ]

    @Test(arguments: cases)
    func statusFollowsGrep(arguments: [String], status: Int32) throws {
        let result = try BinaryRunner.run(arguments)
        #expect(result.status == status, "search \(arguments): \(result.stderr)")
        switch status {
        case 0:
            #expect(!result.stdout.isEmpty)
            #expect(result.stderr.isEmpty)
        case 1:
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.isEmpty)
        default:
            #expect(result.stdout.isEmpty, "errors go to stderr only")
            #expect(result.stderr.hasPrefix("error: "))
        }
        if status == 64 {
            #expect(result.stderr.contains("\nUsage: search [<query> ...] "))
            #expect(result.stderr.hasSuffix("  See 'search --help' for more information.\n"))
        }
    }

    static let typos: [(String, String)] = [
        ("--limt", "--limit"),
        ("--formt", "--format"),
        ("--colour", "--color"),
        ("--no-header", "--no-headers"),
        ("--list-kind", "--list-kinds"),
        ("--generate-completions", "--generate-completion-script"),
    ]

    @Test(arguments: typos)
    func anUnknownOptionSuggestsTheClosestOne(typed: String, suggested: String) throws {
        let result = try BinaryRunner.run([typed])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("error: Unknown option '\(typed)'\nhint: Did you mean '\(suggested)'?\n"))
    }

    @Test func aMissingValueNamesTheOption() throws {
        let result = try BinaryRunner.run(["queen", "--format"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("error: Missing value for '-o, --format <FORMAT>'\n"))
    }

    @Test func anInvalidValueListsTheChoices() throws {
        let result = try BinaryRunner.run(["queen", "--format", "xml"])
        #expect(
            result.stderr.hasPrefix(
                "error: The value 'xml' is invalid for '--format': "
                    + "expected one of 'table', 'json', 'jsonl', 'csv', 'tsv', 'markdown'\n"
            )
        )
    }

    @Test func doubleDashEndsOptionsSoAQueryMayStartWithADash() throws {
        let excluded = try BinaryRunner.run(["queen", "--format", "csv", "--fields", "name", "--", "-hearts"])
        #expect(excluded.status == 0, "\(excluded.stderr)")
        #expect(excluded.stdout.contains("Queen of Spades"))
        #expect(!excluded.stdout.contains("Queen of Hearts"))
    }

    @Test func theVersionIsOneLine() throws {
        let result = try BinaryRunner.run(["--version"])
        let version = result.stdout.dropFirst("search ".count).dropLast()
        #expect(result.stdout.hasPrefix("search ") && result.stdout.hasSuffix("\n"))
        #expect(version.split(separator: ".").count == 3 && version.split(separator: ".").allSatisfy { Int($0) != nil })
    }
}
