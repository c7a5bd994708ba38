import ResultKit
import StreamingJSON

/// The best place in a search's order that any record a source has not yet
/// handed over can take: a remote index that hands over its candidates best
/// first states it, so that it can stop once enough results are certain to
/// come before every record it holds back. Only the engine compares it with
/// a result, so a source never orders results itself.
package struct KeyBound: Sendable {
    /// Under `--sort`: where the records held back stand (a text value
    /// stands for any text); `nil` without `--sort`.
    package var sort: RecordFieldReading.SortPlace?
    /// The best rank among the records held back that stand there.
    package var rank: Rank

    package init(sort: RecordFieldReading.SortPlace? = nil, rank: Rank) {
        self.sort = sort
        self.rank = rank
    }
}

extension SearchHit {
    /// Whether this result comes before every record whose place is at or
    /// after `bound`, in the order of a search sorted by `sort` (by rank
    /// alone when `nil`): results with a value of the sort field first (text
    /// before numbers when descending, after them when ascending), those
    /// without it last, and the rank within equal values.
    package func comesBefore(_ bound: KeyBound, sort: FieldSort?) -> Bool {
        guard let sort, let place = bound.sort else { return rank < bound.rank }
        let mine = SortValue(record.object[sort.field])
        switch place {
        case .missing:
            return mine != nil || rank < bound.rank
        case .text:
            // Any text may be held back: only a place that every text comes after is certain.
            guard case .number? = mine else { return false }
            return !sort.descending
        case .number(let number):
            let theirs = SortValue.number(number)
            guard let mine else { return false }
            if mine == theirs { return rank < bound.rank }
            if case .text = mine { return sort.descending }
            return sort.descending ? theirs < mine : mine < theirs
        }
    }
}
