public import Synchronization

/// The places of an array being made, which threads fill at once, each
/// place exactly once: for work split among threads whose results go
/// straight to their place in one array, with no array per thread to copy
/// from after.
///
/// Each place is checked: filling a place twice, or leaving one empty,
/// stops the process rather than leaving memory uninitialised or leaking.
@safe @usableFromInline package struct ConcurrentSlots<Element>: @unchecked Sendable {
    @usableFromInline let base: UnsafeMutablePointer<Element>?
    /// One bit per place, set when it is filled.
    @usableFromInline let filled: UnsafeMutablePointer<Atomic<UInt64>>
    @usableFromInline let words: Int
    /// How many places there are.
    @usableFromInline package let count: Int

    @inlinable init(base: UnsafeMutablePointer<Element>?, count: Int) {
        unsafe self.base = base
        self.count = count
        words = (count + 63) / 64
        unsafe filled = .allocate(capacity: max(words, 1))
        for word in 0..<words { unsafe (filled + word).initialize(to: Atomic(0)) }
    }

    /// Fills place `index` with `value`.
    /// - Precondition: `index` is a place, not filled yet.
    @inlinable package func initialize(_ index: Int, to value: consuming Element) {
        precondition(index >= 0 && index < count, "no such place")
        let bit: UInt64 = 1 << UInt64(index % 64)
        let before = unsafe filled[index / 64].bitwiseOr(bit, ordering: .relaxed).oldValue
        precondition(before & bit == 0, "a place filled twice")
        unsafe (base! + index).initialize(to: value)
    }

    /// Whether every place is filled (once every filling thread is done).
    @inlinable func areAllFilled() -> Bool {
        for word in 0..<words {
            let expected: UInt64 = word == words - 1 && count % 64 != 0 ? (1 << UInt64(count % 64)) - 1 : ~0
            guard unsafe filled[word].load(ordering: .acquiring) == expected else { return false }
        }
        return true
    }

    @inlinable func deallocate() {
        unsafe filled.deinitialize(count: words)
        unsafe filled.deallocate()
    }
}

extension Array {
    /// An array of `count` elements that `fill` puts in place, each exactly
    /// once, from as many threads as it likes (see ``ConcurrentSlots``); they
    /// must all be done when `fill` returns.
    @inlinable package init(count: Int, fillingConcurrently fill: (ConcurrentSlots<Element>) -> Void) {
        precondition(count >= 0, "a negative count")
        self = unsafe Array(unsafeUninitializedCapacity: count) { buffer, initialized in
            let slots = unsafe ConcurrentSlots(base: buffer.baseAddress, count: count)
            defer { slots.deallocate() }
            fill(slots)
            precondition(slots.areAllFilled(), "a place left empty")
            initialized = count
        }
    }
}
