import Testing

@testable import TextMatching

/// The word starts an index is told are the matcher's own: every unit where
/// a word-prefix match may start is a start of the sort whose bonus the
/// quality gives it.
@Suite struct WordStructureTests {
    @Test func startsAreWhereTheMatcherSeesWordStarts() {
        let structure = WordStructure("CoffeeHouse tea-pot ©x b42")
        let starts = structure.starts.enumerated().filter { $0.element != .none }.map { ($0.offset, $0.element) }
        #expect(starts.map(\.0) == [0, 6, 12, 16, 21, 23, 24])
        #expect(
            starts.map(\.1) == [
                .afterWhitespace, .insideWord, .afterWhitespace, .afterDelimiter, .afterSymbol, .afterWhitespace,
                .insideWord,
            ])
        #expect(structure.units.count == 26)
        #expect(structure.endsWord(at: 6) && structure.endsWord(at: 11) && !structure.endsWord(at: 5))
    }

    /// Every word-prefix match the matcher finds starts at a start the
    /// structure names.
    @Test(arguments: ["house", "pot", "x", "b", "tea", "42"])
    func everyWordPrefixMatchStartsAtANamedStart(word: String) throws {
        let text = "CoffeeHouse tea-pot ©x b42"
        let match = try #require(TextMatcher().match(MatchPattern(word), in: text))
        #expect(match.tier <= .wordPrefix)
        let structure = WordStructure(text)
        #expect(structure.starts[match.positions[0]] != .none)
    }

    /// Folding: `ß` is two units, a mark none.
    @Test func unitsAreFolded() {
        #expect(WordStructure("Maß").units == Array("mass".unicodeScalars.map(\.value)))
        #expect(WordStructure("Cafe\u{301}").units == Array("cafe".unicodeScalars.map(\.value)))
    }
}
