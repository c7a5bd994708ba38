import Testing
import TextMatching

@Suite struct TextMatcherTests {
    let matcher = TextMatcher()

    @Test(
        "Each tier for `coffee`",
        arguments: [
            ("coffee", MatchTier.exact),
            ("Coffee House", .prefix),
            ("Irish coffee", .wordPrefix),
            ("teacoffeetea.io", .substring),
            ("cofee", .typo),
        ] as [(String, MatchTier)])
    func tierForCoffee(text: String, tier: MatchTier) {
        #expect(matcher.match(MatchPattern("coffee"), in: text)?.tier == tier)
    }

    @Test func tiersRankInOrder() {
        let pattern = MatchPattern("coffee")
        let texts = ["cofee", "teacoffeetea.io", "Irish coffee", "Coffee House", "coffee"]
        let ranked = texts.compactMap { text in matcher.match(pattern, in: text).map { (text, $0.tier) } }
            .sorted { $0.1 < $1.1 }
            .map(\.0)
        #expect(ranked == ["coffee", "Coffee House", "Irish coffee", "teacoffeetea.io", "cofee"])
    }

    @Test(
        "Word starts at spaces, -._/@, camelCase and digits after letters",
        arguments: [
            ("house", "CoffeeHouse"),
            ("house", "coffee-house"),
            ("house", "coffee.house"),
            ("house", "coffee_house"),
            ("house", "coffee/house"),
            ("house", "coffee@house"),
            ("15", "iPhone15"),
            ("phone", "iPhone"),
        ])
    func wordPrefix(pattern: String, text: String) {
        #expect(matcher.match(MatchPattern(pattern), in: text)?.tier == .wordPrefix)
    }

    @Test(
        "Inside a word is a substring",
        arguments: [("house", "COFFEEHOUSE"), ("ouse", "coffee house"), ("house", "Coffeehouse"), ("offee", "coffee")])
    func substringInsideWord(pattern: String, text: String) {
        #expect(matcher.match(MatchPattern(pattern), in: text)?.tier == .substring)
    }

    @Test(
        "Case and diacritics are ignored",
        arguments: [
            ("cafe", "Café"),
            ("café", "CAFE"),
            ("CAFÉ", "cafe\u{301}"),
            ("creme brulee", "Crème Brûlée"),
            ("strasse", "Straße"),
            ("ångström", "ANGSTROM"),
        ])
    func foldedExact(pattern: String, text: String) {
        #expect(matcher.match(MatchPattern(pattern), in: text)?.tier == .exact)
    }

    @Test func cjkSubstringsMatch() {
        #expect(matcher.match(MatchPattern("東京"), in: "東京タワー")?.tier == .prefix)
        let inside = matcher.match(MatchPattern("タワー"), in: "東京タワー")
        #expect(inside?.tier == .substring)
        #expect(inside?.positions == [2, 3, 4])
        #expect(matcher.match(MatchPattern("大阪"), in: "東京タワー") == nil)
    }

    @Test func nonASCIIPatternNeverMatchesASCIIText() {
        #expect(matcher.match(MatchPattern("東京"), in: "Tokyo Tower") == nil)
    }

    @Test(
        "Positions are offsets in characters of the original text",
        arguments: [
            ("coffee", "Irish coffee", [6, 7, 8, 9, 10, 11]),
            ("cafe", "Le Café", [3, 4, 5, 6]),
            ("cafe", "Le Cafe\u{301}!", [3, 4, 5, 6]),
            ("noir", "👨‍👩‍👧 Café Noir", [7, 8, 9, 10]),
            ("b", "a\r\nb", [2]),
            ("irish", "coffee house\r\nirish", [13, 14, 15, 16, 17]),
            ("strasse", "Große Straße", [6, 7, 8, 9, 10, 11]),
            ("cofee", "the coffee", [4, 5, 6, 8, 9]),
        ] as [(String, String, [Int])])
    func positions(pattern: String, text: String, expected: [Int]) {
        #expect(matcher.match(MatchPattern(pattern), in: text)?.positions == expected)
    }

    @Test func emptyPatternMatchesNothing() {
        #expect(MatchPattern("  ").isEmpty)
        #expect(!MatchPattern("a").isEmpty)
        #expect(matcher.match(MatchPattern(""), in: "anything") == nil)
    }

    @Test func surroundingWhitespaceInTheTextIsIgnored() {
        #expect(matcher.match(MatchPattern("coffee"), in: "  Coffee\t")?.tier == .exact)
        #expect(matcher.match(MatchPattern("coffee"), in: " Coffee House")?.tier == .prefix)
        #expect(matcher.match(MatchPattern("coffee"), in: " Coffee House")?.positions == [1, 2, 3, 4, 5, 6])
    }

    @Test func phrasesCollapseWhitespace() {
        #expect(matcher.match(MatchPattern("  coffee   house "), in: "Coffee House")?.tier == .exact)
    }

    @Test func unrelatedTextDoesNotMatch() {
        #expect(matcher.match(MatchPattern("coffee"), in: "Green Tea") == nil)
        #expect(matcher.match(MatchPattern("coffee"), in: "") == nil)
        #expect(matcher.match(MatchPattern("coffee"), in: "cof") == nil)
    }

    @Test func qualityPrefersWholeWords() throws {
        let pattern = MatchPattern("coffee")
        let whole = try #require(matcher.match(pattern, in: "Coffee House"))
        let part = try #require(matcher.match(pattern, in: "Coffeehouse"))
        #expect(whole.tier == part.tier)
        #expect(whole.quality > part.quality)
    }

    @Test func qualityPrefersWordStartsAfterSpaces() throws {
        let pattern = MatchPattern("house")
        let spaced = try #require(matcher.match(pattern, in: "Coffee House"))
        let camel = try #require(matcher.match(pattern, in: "CoffeeHouse"))
        #expect(spaced.tier == .wordPrefix && camel.tier == .wordPrefix)
        #expect(spaced.quality > camel.quality)
    }

    @Test func bestOccurrenceWins() throws {
        // The substring inside "coffeehouse" and the word prefix "House": the word prefix wins.
        let match = try #require(matcher.match(MatchPattern("house"), in: "coffeehouse House"))
        #expect(match.tier == .wordPrefix)
        #expect(match.positions == [12, 13, 14, 15, 16])
    }

    @Test func sameResultOnASCIIAndUnicodePaths() {
        // The trailing "é" sends the text through the Unicode path; the match itself is ASCII.
        for pattern in ["coffee", "house", "cofee", "offeeh"] {
            let ascii = matcher.match(MatchPattern(pattern), in: "Irish CoffeeHouse e")
            let unicode = matcher.match(MatchPattern(pattern), in: "Irish CoffeeHouse é")
            #expect(ascii == unicode, "\(pattern)")
        }
    }
}
