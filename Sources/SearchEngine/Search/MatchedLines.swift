import Synchronization

/// Where a search read in blocks on every core tells its caller which lines
/// of the file matched, so that a caller searching the same file again with
/// a narrower query may read only those lines (see `search -i`).
///
/// Only the parallel file reader fills it. It keeps at most ``limit`` lines:
/// past that, reading the lines one by one would cost more than reading the
/// file, and the log says it overflowed.
package final class MatchedLines: Sendable {
    /// One matching line: where it starts in the file, its length in bytes
    /// (without the line break), and its 1-based line number. Read again,
    /// it goes to ``RecordSink/consider(ndjson:number:file:hint:)`` as the
    /// reader handed it over.
    package struct Line: Sendable, Comparable {
        package var offset: Int
        package var length: Int
        package var number: Int

        package init(offset: Int, length: Int, number: Int) {
            self.offset = offset
            self.length = length
            self.number = number
        }

        package static func < (a: Self, b: Self) -> Bool { a.offset < b.offset }
    }

    /// The most lines kept.
    package let limit: Int
    private let state = Mutex<(lines: [Line], complete: Bool)?>(nil)

    package init(limit: Int) {
        self.limit = limit
    }

    /// The lines that matched, in file order, or `nil` when the file was not
    /// read in blocks or more than ``limit`` lines matched.
    package var lines: [Line]? {
        state.withLock { state in state.flatMap { $0.complete ? $0.lines : nil } }
    }

    /// Sets what the reader found; `complete` is false when lines were left out.
    func record(_ lines: [Line], complete: Bool) {
        state.withLock { $0 = (lines.sorted(), complete && lines.count <= limit) }
    }
}
