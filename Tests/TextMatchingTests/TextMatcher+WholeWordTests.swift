import Testing
import TextMatching

@Suite struct TextMatcherWholeWordTests {
    let matcher = TextMatcher()

    func strength(_ pattern: String, _ text: String, weight: Int = 100) throws -> MatchStrength {
        MatchStrength(try #require(matcher.match(MatchPattern(pattern), in: text)), fieldWeight: weight)
    }

    @Test func wholeWordsRankBeforeLongerWords() throws {
        #expect(try strength("king", "The King's Speech") < strength("king", "Kingdom of the Spiders"))
        #expect(try strength("king", "The King's Speech") < strength("king", "kingsvilletexas.com"))
        #expect(try strength("star", "The Star") < strength("star", "Starsuckers"))
        #expect(try strength("king", "King of Spades") < strength("king", "The King's Speech"))
        #expect(try strength("king", "King") < strength("king", "King of Spades"))
    }

    /// In a host the label is the word: a hyphen does not end it.
    @Test func inAHostTheWholeWordIsTheLabel() throws {
        #expect(try #require(matcher.match(MatchPattern("jack"), in: "jack-daw.com")).wholeWord == false)
        #expect(try #require(matcher.match(MatchPattern("jack"), in: "jack.eu")).wholeWord)
        #expect(try #require(matcher.match(MatchPattern("daw"), in: "jack-daw.com")).wholeWord)
        #expect(try strength("jack", "Jack of Clubs") < strength("jack", "jack-daw.com"))
        // Outside a host a hyphen still ends a word.
        #expect(try #require(matcher.match(MatchPattern("jack"), in: "jack-in-the-box")).wholeWord)
        #expect(try #require(matcher.match(MatchPattern("jack"), in: "Jack-o'-lantern. Spooky")).wholeWord)
        // A short-word typo matches whole words only.
        #expect(matcher.match(MatchPattern("jakc"), in: "jack-daw.com") == nil)
    }

    @Test func aPluralIsTheWholeWord() throws {
        #expect(try #require(matcher.match(MatchPattern("diamond"), in: "Ace of Diamonds")).wholeWord)
        #expect(try #require(matcher.match(MatchPattern("box"), in: "boxes")).wholeWord)
        #expect(try strength("diamond", "diamonds") < strength("diamond", "diamondback"))
        #expect(try #require(matcher.match(MatchPattern("star"), in: "Starsuckers")).wholeWord == false)
    }

    @Test func aLaterWholeWordBeatsAnEarlierLongerWord() throws {
        let match = try #require(matcher.match(MatchPattern("king"), in: "Kingsville King"))
        #expect(match.tier == .wordPrefix)
        #expect(match.wholeWord)
        #expect(match.positions == [11, 12, 13, 14])
    }

    @Test func aWeakFieldNeverOutranksTheNamesWordMatches() throws {
        let weakExact = try strength("taken", "taken", weight: 5)
        #expect(try strength("taken", "Taken 2") < weakExact)
        #expect(try strength("taken", "Takenouchi") < weakExact)
        #expect(try strength("taken", "Mistaken.com") > weakExact)
        #expect(weakExact.qualifiers == ["weak field"])
    }
}
