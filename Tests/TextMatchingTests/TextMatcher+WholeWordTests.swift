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
        #expect(try strength("taken", "The Taken") < weakExact)
        #expect(try strength("taken", "mistaken.com") > weakExact)
        #expect(weakExact.qualifiers == ["weak field"])
    }

    /// A field that holds the query as a whole word, however weak, says more than a name that only
    /// starts with its letters (German's autonym "Deutsch" against "Deutschland").
    @Test func aWholeWordInAWeakFieldOutranksTheStartOfALongerWordInTheName() throws {
        let weakWord = try strength("deutsch", "alpha_2=de autonym=Deutsch", weight: 10)
        #expect(weakWord.qualifiers == ["whole word", "weak field"])
        #expect(try weakWord < strength("deutsch", "Deutschland"))
        #expect(try weakWord < strength("india", "America/Indiana/Knox"))
        #expect(try strength("taken", "taken", weight: 5) < strength("taken", "Takenouchi"))
        #expect(try strength("india", "India", weight: 5) < strength("india", "Indiana Jones"))
        // A longer word in a weak field still comes after one in the name.
        #expect(try strength("king", "Kingdom") < strength("king", "Kingdom", weight: 10))
        #expect(try strength("king", "Kingdom", weight: 10) < strength("king", "smoking"))
        #expect(try strength("king", "Kingdom", weight: 10).qualifiers == ["weak field"])
    }
}
