import ResultKit
import SearchEngine
import StreamingJSON
import TerminalTable
import TestSupport
import Testing
import TextMatching

@Suite struct SearchSessionTests {
    /// Runs `query` over records given as JSON lines.
    func search(
        _ query: String,
        _ lines: [String],
        options: SearchOptions = SearchOptions(limit: 100)
    ) throws -> (result: SearchResult, diagnostics: [String]) {
        let registry = try KindRegistry([noteKind(), noteKind("memo")])
        var session = SearchSession(registry: registry, query: try QueryParser().parse(query), options: options)
        var diagnostics: [String] = []
        for (index, line) in lines.enumerated() {
            let object = try #require(try JSONParser().parse(line).objectValue)
            let record = Record(
                object: object, location: SourceLocation(file: "t.jsonl", line: index + 1), kindHint: "note")
            session.consider(record) { diagnostics.append($0.description) }
        }
        return (session.finish(), diagnostics)
    }

    func names(_ result: SearchResult) -> [String] { result.hits.map(\.row.name) }

    @Test func tiersOrderResultsWhateverTheInputOrder() throws {
        let lines = ["teacoffeetea.io", "cofee shop", "Irish coffee", "coffee house", "coffee"].map {
            #"{"name":"\#($0)"}"#
        }
        let (result, _) = try search("coffee", lines)
        #expect(names(result) == ["coffee", "coffee house", "Irish coffee", "teacoffeetea.io", "cofee shop"])
        #expect(result.hits.map(\.match?.tier) == [.exact, .prefix, .wordPrefix, .substring, .typo])
    }

    @Test func anExactMatchOfOneKindBeatsASubstringMatchOfAnother() throws {
        let lines = [#"{"kind":"memo","name":"espresso-coffee-notes"}"#, #"{"kind":"note","name":"espresso"}"#]
        let (result, _) = try search("espresso", lines)
        #expect(result.hits.map(\.kind.name) == ["note", "memo"])
    }

    @Test func withinATierTheHeavierFieldWins() throws {
        let lines = [#"{"name":"other","body":"tea"}"#, #"{"name":"tea"}"#]
        let (result, _) = try search("tea", lines)
        #expect(names(result) == ["tea", "other"])
        #expect(result.hits.map(\.match?.field) == ["name", "body"])
    }

    @Test func wordsAreAndedAndExclusionsAndFiltersApply() throws {
        let lines = [
            #"{"name":"red apple","price":3}"#, #"{"name":"green apple","price":7}"#,
            #"{"name":"red pear","price":2}"#, #"{"name":"red apple pie"}"#,
        ]
        #expect(names(try search("apple red", lines).result) == ["red apple", "red apple pie"])
        #expect(names(try search("apple -green", lines).result) == ["red apple", "red apple pie"])
        #expect(names(try search("apple price<5", lines).result) == ["red apple"])
        #expect(names(try search("price:2..7", lines).result) == ["red apple", "green apple", "red pear"])
        #expect(names(try search("price:*", lines).result) == ["red apple", "green apple", "red pear"])
        #expect(names(try search("-price:*", lines).result) == ["red apple pie"])
        #expect(names(try search("name:pear", lines).result) == ["red pear"])
        #expect(names(try search(#""apple red""#, lines).result).isEmpty)
        #expect(names(try search(#""red apple""#, lines).result) == ["red apple", "red apple pie"])
    }

    @Test func kindFiltersFromTheQueryAndFromOptions() throws {
        let lines = [#"{"kind":"memo","name":"x1"}"#, #"{"kind":"note","name":"x2"}"#]
        #expect(names(try search("kind:memo", lines).result) == ["x1"])
        #expect(names(try search("", lines, options: SearchOptions(kinds: ["notes"])).result) == ["x2"])
    }

    @Test func theEmptyQueryListsEverythingInInputOrderWithLimitAndOffset() throws {
        let lines = (1...10).map { #"{"name":"n\#($0)"}"# }
        let (result, _) = try search("", lines, options: SearchOptions(limit: 3, offset: 2))
        #expect(names(result) == ["n3", "n4", "n5"])
        #expect(result.statistics.matched == 10)
    }

    /// Regression: the kept count was `offset + limit`, which trapped on overflow.
    @Test(arguments: [(Int.max, Int.max), (1 << 62, 1 << 62), (Int.max, 1), (-5, Int.max)])
    func anyLimitAndOffsetGiveASearchNotATrap(limit: Int, offset: Int) throws {
        let lines = (1...10).map { #"{"name":"n\#($0)"}"# }
        let (result, _) = try search("", lines, options: SearchOptions(limit: limit, offset: offset))
        #expect(names(result) == Array((1...10).map { "n\($0)" }.dropFirst(max(0, offset))))
        #expect(SearchOptions(limit: limit, offset: offset).keptCount == Int.max)
    }

    @Test func sortingByAFieldPutsMissingValuesLast() throws {
        let lines = [
            #"{"name":"a","price":5}"#, #"{"name":"b"}"#, #"{"name":"c","price":1.5}"#, #"{"name":"d","price":"20"}"#,
        ]
        let ascending = SearchOptions(sort: FieldSort(parsing: "price"))
        let descending = SearchOptions(sort: FieldSort(parsing: "-price"))
        #expect(names(try search("", lines, options: ascending).result) == ["c", "a", "d", "b"])
        #expect(names(try search("", lines, options: descending).result) == ["d", "a", "c", "b"])
    }

    /// A `null` sort value is a missing one, last either way; text sorts
    /// after numbers, and before them descending. The sort value is made
    /// without a `FieldValue` for a missing or `null` value and a short
    /// decimal, with one for the rest (`" 7 "`, `1e1`, `true`).
    @Test func nullSortValuesAreMissingAndTextFollowsNumbers() throws {
        let lines = [
            #"{"name":"a","price":null}"#, #"{"name":"b","price":"cheap"}"#, #"{"name":"c","price":2}"#,
            #"{"name":"d"}"#, #"{"name":"e","price":" 7 "}"#, #"{"name":"f","price":1e1}"#,
            #"{"name":"g","price":true}"#,
        ]
        let ascending = SearchOptions(sort: FieldSort(parsing: "price"))
        let descending = SearchOptions(sort: FieldSort(parsing: "-price"))
        let up = names(try search("", lines, options: ascending).result)
        let down = names(try search("", lines, options: descending).result)
        #expect(up == ["c", "e", "f", "b", "g", "a", "d"])
        #expect(down == ["g", "b", "f", "e", "c", "a", "d"])
    }

    @Test func unknownKindsAreShownWithOneWarningPerKind() throws {
        let lines = [
            #"{"kind":"country","name":"Bhutan","capital":"Thimphu"}"#,
            #"{"kind":"country","title":"Belgium"}"#,
            #"{"kind":"planet","id":"mars"}"#,
        ]
        let (result, diagnostics) = try search("", lines)
        #expect(names(result) == ["Bhutan", "Belgium", "mars"])
        #expect(result.hits.first?.row.detailCells.first?.lines == ["capital=Thimphu"])
        #expect(
            diagnostics == [
                "warning: t.jsonl:1: unknown kind 'country': shown with the generic renderer (known kinds: memo, note)",
                "warning: t.jsonl:3: unknown kind 'planet': shown with the generic renderer (known kinds: memo, note)",
            ]
        )
    }

    @Test func recordsTheirKindRejectsAreCountedAndReported() throws {
        let lines = [#"{"name":"ok"}"#, #"{"title":"no name"}"#]
        let (result, diagnostics) = try search("", lines)
        #expect(names(result) == ["ok"])
        #expect(result.statistics == SearchStatistics(read: 2, matched: 1, filteredOut: 0, skipped: 1))
        #expect(diagnostics == [#"warning: t.jsonl:2: note: missing field "name"; record skipped"#])
    }

    @Test func matchPositionsPointAtTheMatchedCharacters() throws {
        let (result, _) = try search("app", [#"{"name":"red apple"}"#])
        #expect(result.hits.first?.match?.positions == [4, 5, 6])
    }

    @Test func fuzzyMatchesStandInOnlyWhenNothingElseMatched() throws {
        let lines = [#"{"name":"hearts"}"#, #"{"name":"heart rate"}"#]
        let fallback = try search("hrts", lines).result
        #expect(names(fallback) == ["hearts"])
        #expect(fallback.hits.first?.match?.tier == .fuzzy)
        #expect(fallback.statistics.matched == 1)
        let strict = try search("heart", lines).result
        #expect(strict.hits.allSatisfy { $0.match?.tier != .fuzzy })
        #expect(try search("zzzz", lines).result.hits.isEmpty)
    }
}
