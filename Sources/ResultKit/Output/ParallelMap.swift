import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Maps many items on every core, keeping their order.
///
/// The items are cut into contiguous blocks, each mapped by one worker into
/// its own place of the result, so the result is the same as a plain `map`.
/// Few items are mapped on the calling thread.
enum ParallelMap {
    /// Below this many items, starting threads costs more than it saves.
    static let minimumParallelCount = 4096

    /// The cores this process may use.
    static let coreCount = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

    /// The result's storage, each element written by exactly one worker.
    private struct Slots<Element>: @unchecked Sendable {
        let base: UnsafeMutablePointer<Element>
    }

    /// `transform(0) ..< transform(count)`, in order.
    /// - Parameters:
    ///   - count: The number of items.
    ///   - transform: Makes item `index`; it is called from several threads
    ///     at once, once for each index.
    static func map<Element: Sendable>(
        count: Int,
        _ transform: @Sendable (Int) -> Element
    ) -> [Element] {
        let blockCount = count < minimumParallelCount || coreCount < 2 ? 1 : min(coreCount * 4, count / 1024)
        guard blockCount > 1 else { return (0..<count).map(transform) }
        return [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            let slots = Slots(base: base)
            DispatchQueue.concurrentPerform(iterations: blockCount) { block in
                for index in (count * block / blockCount)..<(count * (block + 1) / blockCount) {
                    (slots.base + index).initialize(to: transform(index))
                }
            }
            initialized = count
        }
    }
}
