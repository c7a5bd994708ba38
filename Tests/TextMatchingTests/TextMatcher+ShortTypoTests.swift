import Testing
import TextMatching

@Suite struct TextMatcherShortTypoTests {
    let matcher = TextMatcher()

    @Test(
        "A swap or one substitution in a short whole word is a typo",
        arguments: [
            ("kign", "King of Spades"), ("kign", "The King's Speech"), ("teh", "The Star"), ("kogn", "King Kong"),
            ("kong", "The King"), ("kign", "königsberg king"),
        ])
    func shortTyposMatchWholeWords(pattern: String, text: String) throws {
        let match = try #require(matcher.match(MatchPattern(pattern), in: text))
        #expect(match.tier == .typo)
        #expect(match.wholeWord)
    }

    @Test(
        "Short typos never match part of a word, the first letter, numbers, or two edits",
        arguments: [
            ("kign", "Kingdom of the Spiders"), ("kign", "kingsvilletexas.com"), ("kign", "Look Who's Talking Now"),
            ("kign", "Walking on Sunshine"), ("ikng", "King"), ("teh", "tech"), ("1940", "1904"), ("kign", "kinda"),
            ("hte", "the"), ("teh", "toe"),
        ])
    func shortTyposRejectJunk(pattern: String, text: String) {
        #expect(matcher.match(MatchPattern(pattern), in: text) == nil)
    }

    @Test func aSwapRanksAboveASubstitution() throws {
        let swap = try #require(matcher.match(MatchPattern("kign"), in: "King"))
        let substitution = try #require(matcher.match(MatchPattern("kign"), in: "kigo"))
        #expect(swap.quality > substitution.quality)
    }

    @Test func fuzzyNeedsAMinimumQuality() {
        let fuzzy = TextMatcher(allowFuzzy: true)
        #expect(fuzzy.match(MatchPattern("kign"), in: "Look Who's Talking Now") == nil)
        #expect(fuzzy.match(MatchPattern("kign"), in: "Walking on Sunshine") == nil)
        #expect(fuzzy.match(MatchPattern("cfe"), in: "teacoffeetea.io") == nil)
        #expect(fuzzy.match(MatchPattern("cfe"), in: "Café Coffea")?.tier == .fuzzy)
    }
}
