import SearchEngine
import Testing

@testable import SphinxCluster

/// Pages follow one another by the order's values: the condition after a
/// row holds exactly for the rows that come after it in that order.
@Suite struct CandidateStreamTests {
    @Test func theConditionAfterARowIsTheOrder() {
        let stream = CandidateStream.inLoadOrder(
            label: "t", match: nil, conditions: [], bound: KeyBound(rank: CandidateStream.bestRank), stage: 0)
        #expect(stream.after([41]) == "seq > 41")
        var ordered = stream
        ordered.order = [
            .init(expression: "wt0", descending: true), .init(expression: "len0", descending: false),
            .init(expression: "seq", descending: false),
        ]
        #expect(
            ordered.after([100, 7, 5])
                == "(wt0 < 100) OR (wt0 = 100 AND ((len0 > 7) OR (len0 = 7 AND (seq > 5))))")
    }
}
