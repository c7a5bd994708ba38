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
            ("cappuccino", "Appuccino"),  // missing first letter
            ("cappuccino", "Acppuccino"),  // first two letters swapped
            ("cappuccino", "kappuccino"),  // first letter replaced
            ("kappucino", "Cappuccino"),  // a first-letter edit and another, in a long word
            ("xoffee", "coffee"),  // a first letter replaced is one edit
            ("xcoffee", "coffee"),  // so is an extra first letter
            ("offee", "Irish Coffee"),  // and a lost one
            ("ndertow", "Undertow"),
            ("estrepo", "Restrepo"),
            ("epentance", "Repentance"),
            ("nforgiven", "Unforgiven"),
            ("ustralia", "Εθνικός Australia"),  // in a text that is not ASCII
        ])
    func typoMatches(pattern: String, text: String) {
        #expect(matcher.match(MatchPattern(pattern), in: text)?.tier == .typo)
    }

    @Test(
        "Typos over budget do not match",
        arguments: [
            ("cofe", "coffee"),  // 4 letters: no typo allowed
            ("cxffex", "coffee"),  // two edits for 6 letters
            ("xoffex", "coffee"),  // a first-letter edit and another for 6 letters
            ("capucinnno", "Cappuccino"),  // three edits
            ("xxxppuccino", "Cappuccino"),  // three edits, all at the word's start
            ("oney", "Money"),  // a short word's first letter never takes part
            ("bing", "King"),
            ("ing", "King"),
            ("ueen", "Queen"),
            ("coffee", "teacofeetea"),  // typos only at word starts
        ])
    func typoRejected(pattern: String, text: String) {
        #expect(matcher.match(MatchPattern(pattern), in: text) == nil)
    }

    /// An edit of the first letter is one typo like any other: `nforgiven` finds "Unforgiven"
    /// (one letter lost) before "Forgiveness" (one letter more, and a longer word).
    @Test func aFirstLetterEditIsOneTypo() throws {
        let pattern = MatchPattern("cappuccino")
        let firstLetter = try #require(matcher.match(pattern, in: "kappuccino"))
        let middle = try #require(matcher.match(pattern, in: "capxuccino"))
        let two = try #require(matcher.match(pattern, in: "kapxuccino"))
        #expect(firstLetter.tier == .typo && middle.tier == .typo && two.tier == .typo)
        #expect(firstLetter.quality > two.quality && middle.quality > two.quality)
        let lost = try #require(matcher.match(MatchPattern("nforgiven"), in: "Unforgiven"))
        let longer = try #require(matcher.match(MatchPattern("nforgiven"), in: "Forgiveness"))
        #expect(lost.quality > longer.quality)
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
