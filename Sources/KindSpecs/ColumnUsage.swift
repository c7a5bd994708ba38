import Synchronization

/// Which columns of a spec kind found a value in some record, over a whole
/// run: a column that never did likely has a mistaken path (`/autor/name`),
/// which is worth one warning at the end.
///
/// Shared by every copy of the kind, on every core: each record's row sets
/// the bits of the columns it filled, with one atomic load when they are
/// already set, so a search of many records writes to it only a few times.
final class ColumnUsage: Sendable {
    /// Bit `i` is set once column `i` (of at most 64) held a value.
    private let filled = Atomic<UInt64>(0)
    /// Whether a row was made at all.
    private let sawRecord = Atomic<Bool>(false)

    /// Notes a row of the kind whose columns with values are the bits of `mask`.
    func record(_ mask: UInt64) {
        if !sawRecord.load(ordering: .relaxed) { sawRecord.store(true, ordering: .relaxed) }
        let known = filled.load(ordering: .relaxed)
        if mask & ~known != 0 { filled.bitwiseOr(mask, ordering: .relaxed) }
    }

    /// The indices among `count` columns that no row filled; none before any row was made.
    func unfilled(count: Int) -> [Int] {
        guard sawRecord.load(ordering: .relaxed) else { return [] }
        let mask = filled.load(ordering: .relaxed)
        return (0..<min(count, 64)).filter { mask & (1 << UInt64($0)) == 0 }
    }
}
