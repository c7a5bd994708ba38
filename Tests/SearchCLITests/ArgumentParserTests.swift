import Testing

@testable import SearchCLI

@Suite struct ArgumentParserTests {
    let parser = ArgumentParser(options: SearchOptionTable.all)

    @Test func longShortInlineRepeatedAndDoubleDash() throws {
        let parsed = try parser.parse(["--data", "a.jsonl", "-d", "b.csv", "--limit=5", "-n3", "queen", "--", "-word"])
        #expect(parsed.all("data") == ["a.jsonl", "b.csv"])
        #expect(parsed.last("limit") == "3")
        #expect(parsed.positionals == ["queen", "-word"])
    }

    @Test func anUnknownOptionSuggestsTheClosest() {
        #expect(throws: UsageError.unknownOption("--limt", suggestion: "--limit")) {
            try parser.parse(["--limt", "3"])
        }
    }

    @Test func aMissingValueIsAUsageError() {
        #expect(throws: UsageError.missingValue("-n, --limit <N>")) { try parser.parse(["--limit"]) }
    }

    @Test(arguments: [
        ["--limit", "x"], ["--format", "xml"], ["--color", "sometimes"], ["--width", "3"], ["--group-by", "name"],
    ])
    func badValuesAreUsageErrors(arguments: [String]) {
        #expect(throws: UsageError.self) { try SearchArguments(parsing: arguments) }
    }
}

@Suite struct GluedValueTests {
    @Test func aValueGluedToAShortOptionIsRememberedWithItsPlace() throws {
        let parsed = try ArgumentParser(options: SearchOptionTable.all).parse(["king", "-kong", "-n3", "--", "-x"])
        #expect(
            parsed.attachedValues == [
                .init(option: "kind", value: "ong", argument: "-kong", index: 1),
                .init(option: "limit", value: "3", argument: "-n3", index: 2),
            ])
        #expect(parsed.positionals == ["king", "-x"])
        #expect(parsed.positionalIndices == [0, 4])
    }

    @Test func theQueryMeantKeepsCommandLineOrder() throws {
        let arguments = try SearchArguments(parsing: ["king", "-kong", "--data", "x", "queen"])
        #expect(arguments.queryWithGluedKinds == ["king", "-kong", "queen"])
        #expect(arguments.gluedKinds == ["ong": "-kong"])
    }
}
