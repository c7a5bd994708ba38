import Testing
import TextMatching

@Suite struct MatchTierTests {
    @Test func bestFirst() {
        #expect(MatchTier.allCases == [.exact, .prefix, .wordPrefix, .substring, .typo, .fuzzy])
        #expect(MatchTier.allCases == MatchTier.allCases.sorted())
        #expect(MatchTier.exact < .fuzzy)
    }

    @Test func namesShownToUsers() {
        #expect(
            MatchTier.allCases.map(\.description) == ["exact", "prefix", "word-prefix", "substring", "typo", "fuzzy"])
    }
}
