import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Works through many items on every core, in order.
///
/// The items are cut into contiguous blocks; each block is worked through on
/// its own, and the blocks' results come back in block order, so drawing
/// them one after another gives the same bytes as drawing every item in
/// turn. Few items are worked through on the calling thread. The table
/// output of `ResultKit` maps its rows with it too.
package enum ParallelBlocks {
    /// Below this many items, starting threads costs more than it saves.
    package static let minimumParallelCount = 4096

    /// The cores this process may use.
    static let coreCount = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

    /// How many blocks `count` items are cut into: one (the calling thread)
    /// for few items or one core, else sixteen per core of at least 1,024
    /// items. Cores take blocks as they finish, so the last block is all
    /// that one core may work alone on at the end: small blocks keep that
    /// short.
    private static func blockCount(for count: Int) -> Int {
        count < minimumParallelCount || coreCount < 2 ? 1 : min(coreCount * 16, count / 1024)
    }

    /// The items of block `block` of `blocks`.
    private static func range(ofBlock block: Int, of blocks: Int, count: Int) -> Range<Int> {
        (count * block / blocks)..<(count * (block + 1) / blocks)
    }

    /// What `body` gives for each block of `0..<count`, in block order.
    /// - Parameters:
    ///   - count: The number of items.
    ///   - body: Works through a range of items; it is called from several
    ///     threads at once, for ranges that do not overlap.
    static func map<Result: Sendable>(count: Int, _ body: @Sendable (Range<Int>) -> Result) -> [Result] {
        let blockCount = blockCount(for: count)
        guard blockCount > 1 else { return [body(0..<count)] }
        return concurrently(blockCount) { block in body(range(ofBlock: block, of: blockCount, count: count)) }
    }

    /// `body(0) ..< body(count)`, in order, on every core.
    ///
    /// Each result is put in its place under a lock: the work goes in a
    /// few large pieces (blocks of rows), so the lock is taken a few dozen
    /// times while the pieces take milliseconds each.
    private static func concurrently<Result: Sendable>(_ count: Int, _ body: @Sendable (Int) -> Result) -> [Result] {
        let results = Mutex<[Result?]>(Array(repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let result = body(index)
            results.withLock { $0[index] = result }
        }
        // `concurrentPerform` has run `body` once for every index.
        return results.withLock { $0.map { $0! } }
    }

    /// The ranges of the blocks that ``map(count:_:)`` cuts `count` items into.
    package static func blocks(count: Int) -> [Range<Int>] {
        let blockCount = blockCount(for: count)
        return (0..<blockCount).map { range(ofBlock: $0, of: blockCount, count: count) }
    }

    /// `body(0) ..< body(count)`, in order, each on its own core when
    /// `parallel`, for a few large pieces of work.
    package static func mapBlocks<Result: Sendable>(
        _ count: Int,
        parallel: Bool,
        _ body: @Sendable (Int) -> Result
    ) -> [Result] {
        guard parallel, count > 1, coreCount > 1 else { return (0..<count).map(body) }
        return concurrently(count, body)
    }

    /// `body(make(0))`, …, `body(make(count - 1))`, `body` in order on the
    /// calling thread and `make` on every core when `parallel`, a window of
    /// pieces at a time (``piecesPerCore`` per core): for output made in
    /// pieces, which is then written as it is made and never held whole.
    /// `stop` is asked before each window; once it says so, no more pieces
    /// are made.
    package static func forEachInWindows<Piece: Sendable>(
        _ count: Int,
        parallel: Bool,
        stop: () -> Bool = { false },
        make: @Sendable (Int) -> Piece,
        _ body: (Piece) -> Void
    ) {
        let window = parallel ? max(1, coreCount * piecesPerCore) : 1
        var start = 0
        while start < count, !stop() {
            let range = start..<min(count, start + window)
            for piece in mapBlocks(range.count, parallel: parallel, { make(range.lowerBound + $0) }) {
                body(piece)
            }
            start = range.upperBound
        }
    }

    /// How many pieces each core makes in a window of
    /// ``forEachInWindows(_:parallel:stop:make:_:)``: two, so that a core
    /// that finishes early has another.
    static let piecesPerCore = 2

    /// `transform(0) ..< transform(count)`, in order: the same as a plain
    /// `map`, each block of items made by one worker, then put together.
    /// - Parameters:
    ///   - count: The number of items.
    ///   - transform: Makes item `index`; it is called from several threads
    ///     at once, once for each index.
    package static func mapEach<Element: Sendable>(
        count: Int,
        _ transform: @Sendable (Int) -> Element
    ) -> [Element] {
        guard blockCount(for: count) > 1 else { return (0..<count).map(transform) }
        return Array(map(count: count) { range in range.map(transform) }.joined())
    }
}
