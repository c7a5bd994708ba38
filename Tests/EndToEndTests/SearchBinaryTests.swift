import Foundation
import TestSupport
import Testing

@Suite(.serialized) struct SearchBinaryTests {
    @Test func theBundledSampleMixesKindsInOneTable() throws {
        let result = try BinaryRunner.run(["queen"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        let header = try #require(lines.first)
        #expect(header.hasPrefix("KIND"))
        #expect(header.contains("NAME"))
        let kinds = Set(lines.dropFirst().compactMap { $0.split(separator: " ").first.map(String.init) })
        #expect(kinds.isSuperset(of: ["card", "domain", "product"]), "\(result.stdout)")
        #expect(result.stdout.contains("Queen of Hearts"))
    }

    @Test func jsonOutputParsesAndKeepsWholeRecords() throws {
        let result = try BinaryRunner.run(["queen hearts", "--format", "json"])
        #expect(result.status == 0)
        let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        #expect(document?["version"] as? Int == 1)
        #expect(document?["query"] as? String == "queen hearts")
        let results = try #require(document?["results"] as? [[String: Any]])
        let first = try #require(results.first)
        #expect(first["kind"] as? String == "card")
        let record = try #require(first["record"] as? [String: Any])
        #expect(record["rank"] as? String == "Q")
        #expect(record["suit"] as? String == "hearts")
    }

    @Test func noResultsExitsOneAndAMissingFileExitsTwo() throws {
        let none = try BinaryRunner.run(["zzzzqqqqxxxx"])
        #expect(none.status == 1)
        #expect(none.stdout.isEmpty)
        let missing = try BinaryRunner.run(["x", "--data", "/nonexistent/file.jsonl"])
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("error: cannot read /nonexistent/file.jsonl"))
    }

    @Test func anUnknownOptionIsAUsageError() throws {
        let result = try BinaryRunner.run(["--limt", "3"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("error: Unknown option '--limt'\nhint: Did you mean '--limit'?\nUsage: search"))
    }

    @Test func aMalformedLineIsReportedWithItsLocationAndTheRestIsSearched() throws {
        let input = """
            {"kind":"card","rank":"K","suit":"spades"}
            {"kind":"card","rank":
            {"kind":"card","rank":"K","suit":"clubs"}
            {"kind":"product","name":"King cake","price":5,"rating":7}
            """
        let result = try BinaryRunner.run(["king", "--data", "-"], stdin: input)
        #expect(result.status == 0)
        #expect(result.stdout.contains("King of Spades"))
        #expect(result.stdout.contains("King of Clubs"))
        #expect(result.stderr.contains("warning: <stdin>:2:"))
        #expect(
            result.stderr.contains(
                "warning: <stdin>:4: product: field \"rating\" must be from 0 to 5, not 7.0; record skipped"))
    }

    @Test func unknownKindsAreShownWithOneWarningEach() throws {
        let input = """
            {"kind":"country","name":"Bhutan","official_name":"Kingdom of Bhutan"}
            {"kind":"country","name":"Belgium","official_name":"Kingdom of Belgium"}
            """
        let result = try BinaryRunner.run(["kingdom", "--data", "-"], stdin: input)
        #expect(result.status == 0)
        #expect(result.stdout.contains("Bhutan") && result.stdout.contains("Belgium"))
        let warnings = result.stderr.split(separator: "\n").filter { $0.contains("unknown kind 'country'") }
        #expect(warnings.count == 1)
    }

    @Test func theBinaryWorksWhenCopiedElsewhere() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("search-copy-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let copy = directory.appendingPathComponent("search")
        try BinaryRunner.copyBinary(to: copy)
        let result = try BinaryRunner.runCopy(["ace spades"], executable: copy, in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Ace of Spades"))
    }
}

@Suite(.serialized) struct KindSpecBinaryTests {
    @Test func specKindsFromAFolderAreSearchedAndListed() throws {
        let list = try BinaryRunner.run(["--kinds", "Examples/kinds", "--list-kinds"])
        #expect(list.status == 0)
        #expect(list.stdout.contains("Examples/kinds/country.kind.json"))
        #expect(list.stdout.contains("module CardKind"))
        let result = try BinaryRunner.run([
            "kingdom", "--kinds", "Examples/kinds", "--data", "Examples/kinds/countries.jsonl", "--format", "json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.contains(#""kind":"country""#))
    }

    @Test func badSpecsAreAllListedAndExitTwo() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("specs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(#"{"name":"weather","plural":"weathers","columns":[{"header":"T","path":"temp"}],"search":[]}"#.utf8)
            .write(to: directory.appendingPathComponent("weather.kind.json"))
        try Data(#"{"name":"card","plural":"cards","columns":[],"search":[{"path":"/name","weight":10}]}"#.utf8)
            .write(to: directory.appendingPathComponent("card.kind.json"))
        let result = try BinaryRunner.run(["x", "--kinds", directory.path])
        #expect(result.status == 2)
        let errors = result.stderr.split(separator: "\n").filter { $0.hasPrefix("error: ") }
        #expect(errors.count >= 3, "\(result.stderr)")
        #expect(result.stderr.contains(#"columns[0].path: "temp" is not a JSON Pointer"#))
        #expect(result.stderr.contains("module CardKind"))
        #expect(result.stdout.isEmpty)
    }
}
