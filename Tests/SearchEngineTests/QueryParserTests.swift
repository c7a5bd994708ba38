import ResultKit
import SearchEngine
import Testing
import TextMatching

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

    /// `-kind:NAME` leaves a kind out, as `kind:NAME` keeps one; `-field:value` excludes as
    /// `-word` does.
    @Test func aMinusKindLeavesTheKindOut() throws {
        let query = try QueryParser().parse("king -kind:Card kind:product -name:kong")
        #expect(query.kinds == ["product"])
        #expect(query.excludedKinds == ["card"])
        #expect(query.conditions.count == 2)
        #expect(query.conditions.map(\.negated) == [false, true])
        #expect(query.referencedFields == ["name"])
    }

    /// A word gets the forms of where it stands: a connector only between two words the query
    /// ranks by, a number only with other words; a fraction always.
    @Test(arguments: [
        ("love and basketball", 1, [MatchPattern.Rule.connector]), ("and", 0, []), ("and basketball", 0, []),
        ("love and", 1, []), ("love and -basketball", 1, []), ("love and price<5", 1, []),
        ("love & basketball", 1, [.connector]), ("bad boys 2", 2, [.wholeWord]), ("2", 0, []), ("ii", 0, []),
        ("leprechaun ii", 1, [.wholeWord]), ("8 1/2", 1, [.contiguous]), ("½", 0, [.contiguous]),
        ("rocky i", 1, []), ("black white + gray", 2, [.connector]),
    ])
    func wordsGetTheFormsOfWhereTheyStand(text: String, index: Int, rules: [MatchPattern.Rule]) throws {
        let query = try QueryParser().parse(text)
        guard case .text(let pattern, _) = query.conditions[index].clause else {
            Issue.record("not a word: \(text)")
            return
        }
        #expect(pattern.alternatives.map(\.rule) == rules)
    }

    @Test(arguments: [
        ("price<<5", 7), ("\"open phrase", 1), ("price:", 7), ("rating>=x", 9), ("price:a..b", 7),
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
