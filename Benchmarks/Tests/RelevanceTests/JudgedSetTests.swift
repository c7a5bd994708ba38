import BenchSupport
import FoundationEssentials
import Glibc
import Testing

@testable import relevance

@Suite struct JudgedSetTests {
    private static let query = #"{"query": "euro", "type": "exact", "note": "n", "relevant": {"3": ["currency:Euro"]}}"#

    private func write(_ text: String, name: String) throws -> String {
        let folder = try Bench.makeScratch(in: "/tmp")
        let path = "\(folder)/\(name)"
        try Data(text.utf8).write(to: URL(filePath: path))
        return path
    }

    @Test func anArrayIsJudgedOverTheBundledSample() throws {
        let path = try write("[\(Self.query)]", name: "queries.json")
        let set = try JudgedSet.load(path: path, root: "/root")
        #expect(set.name == "queries")
        #expect(set.data.isEmpty)
        #expect(set.kinds == nil)
        #expect(set.searchArguments.isEmpty)
        #expect(set.queries.map(\.query) == ["euro"])
    }

    @Test func anObjectNamesItsDataRelativeToTheRoot() throws {
        let text = #"{"name": "w", "data": ["d/a.jsonl", "/abs/b.jsonl"], "kinds": "k", "queries": [\#(Self.query)]}"#
        let set = try JudgedSet.load(path: try write(text, name: "world.json"), root: "/root")
        #expect(set.name == "w")
        #expect(set.data == ["/root/d/a.jsonl", "/abs/b.jsonl"])
        #expect(set.kinds == "/root/k")
        #expect(set.searchArguments == ["--data", "/root/d/a.jsonl", "--data", "/abs/b.jsonl", "--kinds", "/root/k"])
    }

    @Test func anObjectsBadGradeIsAnError() throws {
        let bad = #"{"queries": [{"query": "q", "type": "exact", "note": "", "relevant": {"4": ["a:b"]}}]}"#
        let path = try write(bad, name: "bad.json")
        #expect(throws: BenchmarkError.self) { try JudgedSet.load(path: path, root: "/root") }
    }

    /// The committed mixed-file set judges only records its data file has, and
    /// its data exists: a regenerated file that renames a record breaks this.
    @Test func theWorldSetJudgesRecordsOfItsData() throws {
        let root = SearchBinary.packageRoot
        let set = try JudgedSet.load(path: "\(root)/Benchmarks/Relevance/world.json", root: root)
        #expect(set.queries.count >= 40)
        #expect(set.kinds == "\(root)/Examples/kinds")
        let keys = Set(try NameList(paths: set.data).keys)
        #expect(keys.count > 3000)
        let unknown = set.queries.flatMap { query in
            (Array(query.grades.keys) + query.mustNot).filter { !keys.contains($0) }.map { "\(query.query): \($0)" }
        }
        #expect(unknown.isEmpty)
    }

    /// The forms set (issue #42) judges only records of its two data files.
    @Test func theFormsSetJudgesRecordsOfItsData() throws {
        let root = SearchBinary.packageRoot
        let set = try JudgedSet.load(path: "\(root)/Benchmarks/Relevance/forms.json", root: root)
        #expect(set.queries.count >= 30)
        #expect(set.data.count == 2)
        let keys = Set(try NameList(paths: set.data).keys)
        let unknown = set.queries.flatMap { query in
            (Array(query.grades.keys) + query.mustNot).filter { !keys.contains($0) }.map { "\(query.query): \($0)" }
        }
        #expect(unknown.isEmpty)
        #expect(
            Set(set.queries.map(\.type)).isSuperset(of: [
                "connector", "numeral", "fraction", "exclude", "first-letter typo",
            ]))
    }

    @Test func theCombinedRowAveragesEveryQueryNotEverySet() {
        func outcome(_ set: String, precision: Double) -> RelevanceBench.Outcome {
            let score = RelevanceScore(
                ranked: precision == 1 ? ["a:x"] : ["a:y"], grades: ["a:x": 3])
            return RelevanceBench.Outcome(
                set: set, query: JudgedQuery(query: "q", type: "exact"), grades: ["a:x": 3], search: [],
                searchScore: score)
        }
        // Set a: one query, right. Set b: three queries, all wrong. Per query: 1/4.
        let report = RelevanceReport(
            outcomes: [outcome("a", precision: 1)] + (0..<3).map { _ in outcome("b", precision: 0) }, withFzf: false)
        let lines = report.sets(["a", "b"]).split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(lines.contains(["1", "a", "1.000", "1.000", "0"]))
        #expect(lines.contains(["3", "b", "0.000", "0.000", "0"]))
        #expect(lines.contains(["4", "combined", "0.250", "0.250", "0"]))
    }
}
