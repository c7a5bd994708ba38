import Testing
import TextMatching

/// Letters inside a capitalised word spell part of another word (`oman` in "Romania"): no substring
/// match, unless they end it after three letters or more, as a compound's last part does (`phone`
/// in "Smartphone"). Letters inside a lowercase name may be a word run together with others (`tux`
/// in `supertux`): a substring match.
@Suite struct TextMatcherCapitalizedWordTests {
    let matcher = TextMatcher()

    func tier(_ pattern: String, _ text: String) -> MatchTier? {
        matcher.match(MatchPattern(pattern), in: text)?.tier
    }

    @Test(arguments: [
        ("oman", "Romania"), ("oman", "Romanian Leu"), ("mali", "Somali"),
        ("mali", "Somalia"), ("mali", "Somali Shilling"), ("mali", "english=Somalia country=SO"),
        ("мали", "Сомали"), ("ομαν", "Ρουμανία Ρομάνα"),
        // A capital after a lowercase letter starts a word of its own: `hone` is inside `Phone`.
        // The end of a word, after fewer than three letters, is no compound's last part.
        ("hone", "iPhone"), ("ale", "Kale"), ("ring", "Spring"),
    ])
    func noSubstringInsideACapitalizedWord(pattern: String, text: String) {
        #expect(tier(pattern, text) == nil, "\(pattern) in \(text)")
    }

    /// Five letters or more inside a capitalised word, after its first, are no substring; but
    /// the word less its first letter, which is one typo (`ndertow` for "Undertow").
    @Test(arguments: [("india", "Lindiana"), ("erlin", "Ferrari Berlinetta")])
    func aWordLessItsFirstLetterIsATypoNotASubstring(pattern: String, text: String) {
        #expect(tier(pattern, text) == .typo, "\(pattern) in \(text)")
    }

    @Test(arguments: [
        ("tux", "supertux"), ("cloud", "irccloud.com"), ("bank", "medbankishop.ru"), ("oman", "romania.ro"),
        ("m", "BMW i8"), ("oman", "ROMANIA"), ("京", "北京市"), ("doom", "rbdoom3bfg"),
        // Digits before the capital: the word is not a capitalised one.
        ("berlin", "Ferrari F12Berlinetta"),
        // The last part of a capitalised compound, after three letters or more.
        ("phone", "Smartphone X"), ("craft", "Minecraft"), ("ball", "Football"), ("berry", "Strawberry Jam"),
        ("oman", "Turkish, Ottoman (1500-1928)"), ("land", "Finland and Poland"), ("фон", "Смартфон"),
    ])
    func aSubstringOfALowercaseOrAllCapitalsWordStillMatches(pattern: String, text: String) {
        #expect(tier(pattern, text) == .substring, "\(pattern) in \(text)")
    }

    @Test func aLaterOccurrenceStillMatches() throws {
        // The first occurrence is inside "Romania"; the second, in a lowercase name, counts.
        let match = try #require(matcher.match(MatchPattern("oman"), in: "Romania romansh"))
        #expect(match.tier == .substring)
        #expect(match.positions == [9, 10, 11, 12])
        // A whole word after the capitalised one.
        #expect(tier("mali", "Somalia and Mali") == .wordPrefix)
        #expect(tier("phone", "iPhone") == .wordPrefix)
        #expect(tier("rom", "Romania") == .prefix)
    }

    @Test func fuzzyMatchingStillFindsItWhenAllowed() {
        #expect(TextMatcher(allowFuzzy: true).match(MatchPattern("oman"), in: "Romania")?.tier == .fuzzy)
    }
}
