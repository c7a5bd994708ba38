import Testing
import TextMatching

@Suite struct TextMatcherTypoTests {
    let matcher = TextMatcher()

    @Test(
        "Typos within budget match",
        arguments: [
            ("cofee", "Coffee House"),  // missing letter
            ("coffe", "Irish Cofe"),  // extra letter in the pattern
            ("cofefe", "coffee"),  // transposition
            ("coffeee", "Best coffee"),  // insertion
            ("caffe", "coffee"),  // substitution
            ("expresso", "Espresso Bar"),  // substitution after the first letter
            ("capuccinno", "Cappuccino"),  // two edits, 10 letters
            ("cofee", "CoffeeHouse"),  // prefix of a word
            ("cappuccino", "Appuccino"),  // missing first letter: 2 of the 2 edits of a long word
            ("cappuccino", "Acppuccino"),  // first two letters swapped
            ("cappuccino", "kappuccino"),  // first letter replaced
        ])
    func typoMatches(pattern: String, text: String) {
        #expect(matcher.match(MatchPattern(pattern), in: text)?.tier == .typo)
    }

    @Test(
        "Typos over budget do not match",
        arguments: [
            ("cofe", "coffee"),  // 4 letters: no typo allowed
            ("cxffex", "coffee"),  // two edits for 6 letters
            ("xoffee", "coffee"),  // a first-letter edit counts twice
            ("xcoffee", "coffee"),  // an extra first letter too
            ("capucinnno", "Cappuccino"),  // three edits
            ("kappucino", "Cappuccino"),  // a first-letter edit and another
            ("coffee", "teacofeetea"),  // typos only at word starts
        ])
    func typoRejected(pattern: String, text: String) {
        #expect(matcher.match(MatchPattern(pattern), in: text) == nil)
    }

    @Test func firstLetterTypoCostsMore() throws {
        let pattern = MatchPattern("cappuccino")
        let firstLetter = try #require(matcher.match(pattern, in: "kappuccino"))
        let middle = try #require(matcher.match(pattern, in: "capuccino"))
        #expect(firstLetter.tier == .typo && middle.tier == .typo)
        #expect(middle.quality > firstLetter.quality)
    }

    @Test func fewerEditsRankHigher() throws {
        let pattern = MatchPattern("cappuccino")
        let one = try #require(matcher.match(pattern, in: "capuccino"))
        let two = try #require(matcher.match(pattern, in: "capucino"))
        #expect(one.quality > two.quality)
    }

    @Test func typoUsesTheWholeWord() throws {
        let match = try #require(matcher.match(MatchPattern("cofee"), in: "Coffee House"))
        #expect(match.positions == [0, 1, 2, 4, 5])
    }

    @Test func typoOnUnicodeText() throws {
        let match = try #require(matcher.match(MatchPattern("creme brulle"), in: "Crème Brûlée"))
        #expect(match.tier == .typo)
        #expect(match.positions == Array(0...9) + [11])
    }

    @Test func longPhrasesMatchOnlyExactly() {
        let phrase = String(repeating: "coffee house ", count: 6)
        let misspelt = String(repeating: "coffee hause ", count: 6)
        #expect(matcher.match(MatchPattern(phrase), in: phrase)?.tier == .exact)
        // 78 characters: past the typo limit, even a couple of edits no longer match.
        #expect(matcher.match(MatchPattern(String(misspelt.prefix(70))), in: phrase) == nil)
        // The same edits in a phrase short enough still match as a typo.
        #expect(matcher.match(MatchPattern("coffee hause coffee house"), in: phrase)?.tier == .typo)
    }
}
