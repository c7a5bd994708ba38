import Glibc
import Testing

@testable import relevance

@Suite struct RelevanceScoreTests {
    @Test func aKeyOfOneRecordGainsOnce() {
        let score = RelevanceScore(ranked: ["t:中国", "t:中国"], grades: ["t:中国": 3])
        #expect(score.precisionAt1 == 1)
        #expect(score.ndcg == 1)
    }

    /// Two records spelt the same (中国 in Japanese and in Chinese) are two
    /// results: showing both is the best order, showing one loses the other.
    @Test func aKeyOfTwoRecordsGainsTwice() {
        let both = RelevanceScore(ranked: ["t:中国", "t:中国"], grades: ["t:中国": 3], copies: ["t:中国": 2])
        #expect(abs(both.ndcg - 1) < 1e-9)
        let one = RelevanceScore(ranked: ["t:中国", "d:中国"], grades: ["t:中国": 3], copies: ["t:中国": 2])
        #expect(abs(one.ndcg - 3 / (3 + 3 / log2(3.0))) < 1e-9)
    }

    @Test func mustNotCountsEachBannedKeyShown() {
        let score = RelevanceScore(ranked: ["c:Oman", "c:Romania"], grades: ["c:Oman": 3], mustNot: ["c:Romania"])
        #expect(score.mustNotHits == 1)
        #expect(score.precisionAt1 == 1)
    }

    @Test func junkScoresOnlyWhenNothingIsFound() {
        #expect(RelevanceScore(ranked: [], grades: [:], expectsNothing: true).ndcg == 1)
        #expect(RelevanceScore(ranked: ["a:b"], grades: [:], expectsNothing: true).precisionAt1 == 0)
    }
}
