import SearchEngine
import Testing

@testable import SphinxCluster

/// Pages follow one another by the order's values: the condition after a
/// row holds exactly for the rows that come after it in that order.
@Suite struct CandidateStreamTests {
    /// A stream whose order cannot settle the page is read by id, and its
    /// next page is a plain filter that `searchd` checks first: a computed
    /// condition made it evaluate every match again for each page.
    @Test func aStreamReadToItsEndPagesByAPlainIDFilter() {
        let stream = CandidateStream.inLoadOrder(
            label: "t", match: nil, conditions: [], bound: KeyBound(rank: CandidateStream.bestRank), stage: 0)
        #expect(stream.order.map(\.expression) == ["id"])
        #expect(stream.after([41]) == ("id > 41", true))
    }

    @Test func theConditionAfterARowIsTheOrder() {
        var stream = CandidateStream.inLoadOrder(
            label: "t", match: nil, conditions: [], bound: KeyBound(rank: CandidateStream.bestRank), stage: 0)
        stream.order = [.init(expression: "seq", descending: false)]
        #expect(stream.after([41]) == ("seq > 41", true))
        var ordered = stream
        ordered.order = [
            .init(expression: "wt0", descending: true), .init(expression: "len0", descending: false),
            .init(expression: "seq", descending: false),
        ]
        #expect(
            ordered.after([100, 7, 5])
                == ("(wt0 < 100) OR (wt0 = 100 AND ((len0 > 7) OR (len0 = 7 AND (seq > 5))))", false))
        ordered.order = [.init(expression: "IF(ir0<5,1,0)", descending: true)]
        #expect(ordered.after([1]).isFilter == false)
    }
}
