import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Draws many items into bytes on every core, in order.
///
/// The items are cut into contiguous blocks; each block is drawn into its own
/// buffer, and the buffers are joined in block order, so the result is the
/// same bytes as drawing every item in turn. Few items are drawn on the
/// calling thread.
enum ParallelBlocks {
    /// Below this many items, starting threads costs more than it saves.
    static let minimumParallelCount = 4096

    /// The cores this process may use.
    static let coreCount = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

    /// One block's bytes, written by one worker only.
    private final class Block: @unchecked Sendable {
        var bytes: [UInt8] = []
    }

    /// Appends to `output` what `draw` writes for items `0..<count`.
    /// - Parameters:
    ///   - count: The number of items.
    ///   - bytesPerItem: About how many bytes an item takes, to size buffers.
    ///   - output: Where the bytes go.
    ///   - draw: Writes the items of a range, in order; it is called from
    ///     several threads at once, for ranges that do not overlap.
    static func append(
        count: Int,
        bytesPerItem: Int,
        into output: inout [UInt8],
        _ draw: @Sendable (Range<Int>, inout [UInt8]) -> Void
    ) {
        let blockCount = count < minimumParallelCount || coreCount < 2 ? 1 : min(coreCount * 4, count / 1024)
        guard blockCount > 1 else {
            output.reserveCapacity(output.count + count * bytesPerItem)
            draw(0..<count, &output)
            return
        }
        let blocks = (0..<blockCount).map { _ in Block() }
        DispatchQueue.concurrentPerform(iterations: blockCount) { index in
            let range = (count * index / blockCount)..<(count * (index + 1) / blockCount)
            var bytes: [UInt8] = []
            bytes.reserveCapacity(range.count * bytesPerItem)
            draw(range, &bytes)
            blocks[index].bytes = bytes
        }
        output.reserveCapacity(output.count + blocks.reduce(0) { $0 + $1.bytes.count })
        for block in blocks {
            output.append(contentsOf: block.bytes)
        }
    }
}
