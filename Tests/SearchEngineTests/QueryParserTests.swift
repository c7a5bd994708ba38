import ResultKit
import SearchEngine
import Testing

@Suite struct QueryParserTests {
    @Test func wordsPhrasesExclusionsAndFilters() throws {
        let query = try QueryParser().parse(
            #"queen "of hearts" -spades status:taken price<5 rating>=4 price:1..10 name:* kind:card"#)
        #expect(query.kinds == ["card"])
        #expect(query.conditions.count == 8)
        #expect(query.referencedFields == ["status", "price", "rating", "price", "name"])
        #expect(query.conditions.filter(\.negated).count == 1)
    }

    @Test func theEmptyQueryListsEverything() throws {
        #expect(try QueryParser().parse("").isEmpty)
        #expect(try QueryParser().parse("   ").isEmpty)
    }

    @Test(arguments: [
        ("price<<5", 7), ("\"open phrase", 1), ("price:", 7), ("rating>=x", 9), ("price:a..b", 7), ("-kind:card", 1),
    ])
    func syntaxErrorsNameTheirPosition(text: String, position: Int) {
        do {
            _ = try QueryParser().parse(text)
            Issue.record("expected a syntax error for \(text)")
        } catch {
            #expect(error.position == position, "\(error)")
            #expect(!error.hint.isEmpty)
        }
    }
}
