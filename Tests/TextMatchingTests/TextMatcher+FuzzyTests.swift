import Testing
import TextMatching

@Suite struct TextMatcherFuzzyTests {
    let fuzzy = TextMatcher(allowFuzzy: true)

    @Test func fuzzyOnlyWhenAllowed() throws {
        #expect(TextMatcher().match(MatchPattern("cfe"), in: "coffee") == nil)
        let match = try #require(fuzzy.match(MatchPattern("cfe"), in: "coffee"))
        #expect(match.tier == .fuzzy)
        #expect(match.positions.count == 3)
        #expect(match.positions.first == 0)
    }

    @Test func betterTiersStillWinWithFuzzyOn() {
        #expect(fuzzy.match(MatchPattern("coffee"), in: "Irish coffee")?.tier == .wordPrefix)
        #expect(fuzzy.match(MatchPattern("cofee"), in: "coffee")?.tier == .typo)
    }

    @Test(
        "Scattered letters never match",
        arguments: [
            ("coffee", "cat on fire, free eels"),
            ("cfe", "cat food express"),
            ("abc", "a____b____c"),
            ("coffee", "c..o..f..f..e..e"),  // gaps total more than the pattern
            ("x", "x"),  // single letters are substrings, never fuzzy
        ])
    func junkRejected(pattern: String, text: String) {
        let match = fuzzy.match(MatchPattern(pattern), in: text)
        #expect(match == nil || match?.tier != .fuzzy)
    }

    @Test func fuzzyPositionsAreCharacters() throws {
        let match = try #require(fuzzy.match(MatchPattern("cfe"), in: "Ça fé"))
        #expect(match.tier == .fuzzy)
        #expect(match.positions == [0, 3, 4])
    }

    @Test func qualityPrefersConsecutiveCharacters() throws {
        let pattern = MatchPattern("abcd")
        let together = try #require(fuzzy.match(pattern, in: "abxcd"))
        let apart = try #require(fuzzy.match(pattern, in: "axbxcxd"))
        #expect(together.tier == .fuzzy && apart.tier == .fuzzy)
        #expect(together.quality > apart.quality)
    }

    @Test func qualityPrefersWordBoundaries() throws {
        let pattern = MatchPattern("cfir")
        let boundary = try #require(fuzzy.match(pattern, in: "ca-fir"))
        let inside = try #require(fuzzy.match(pattern, in: "caxfir"))
        #expect(boundary.tier == .fuzzy && inside.tier == .fuzzy)
        #expect(boundary.quality > inside.quality)
    }
}
