/// A growable stack that hands its top elements over by moving them into a
/// new array, so that a finished container's elements are neither retained
/// again nor copied twice.
///
/// It starts in storage that the caller lends (typically stack memory from
/// `withUnsafeTemporaryAllocation`), so that a small document needs no heap
/// allocation for its stacks, and moves to the heap only when it outgrows it.
struct MoveStack<Element>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    /// Whether `base` was allocated here (and must be freed here).
    private var ownsStorage: Bool
    /// The number of elements on the stack.
    private(set) var count = 0

    /// Creates an empty stack in `storage`, which must outlive the stack.
    init(borrowing storage: UnsafeMutableBufferPointer<Element>) {
        if let base = storage.baseAddress, storage.count > 0 {
            self.base = base
            self.capacity = storage.count
            self.ownsStorage = false
        } else {
            self.base = .allocate(capacity: 16)
            self.capacity = 16
            self.ownsStorage = true
        }
    }

    deinit {
        base.deinitialize(count: count)
        if ownsStorage {
            base.deallocate()
        }
    }

    /// Pushes `element`.
    @inline(__always)
    mutating func append(_ element: consuming Element) {
        if count == capacity {
            grow()
        }
        (base + count).initialize(to: element)
        count += 1
    }

    /// The top element; the stack must not be empty.
    var last: Element {
        @inline(__always) _read { yield base[count - 1] }
        @inline(__always) nonmutating _modify { yield &base[count - 1] }
    }

    /// Removes the top element; the stack must not be empty.
    @inline(__always)
    mutating func removeLast() {
        count -= 1
        (base + count).deinitialize(count: 1)
    }

    /// Moves the elements from index `start` to the top into a new array,
    /// in order, and removes them from the stack.
    mutating func popArray(from start: Int) -> [Element] {
        // `reserveCapacity` then `append` is specialised for `Element`;
        // `Array(unsafeUninitializedCapacity:)` looks up the storage
        // class's generic metadata at run time, which costs more here.
        var result: [Element] = []
        result.reserveCapacity(count - start)
        for index in start..<count {
            result.append((base + index).move())
        }
        count = start
        return result
    }

    private mutating func grow() {
        let newCapacity = capacity * 2
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        if ownsStorage {
            base.deallocate()
        }
        base = newBase
        capacity = newCapacity
        ownsStorage = true
    }
}
