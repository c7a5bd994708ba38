/// Keeps the `capacity` elements with the smallest keys seen, in bounded
/// memory.
///
/// Elements stay where they were first stored, and only their small keys are
/// compared. Until `capacity` elements are kept, inserting only appends: the
/// max-heap of indices (whose root is the worst kept) is built once, when the
/// last free place is taken, so a limit above the number of results costs no
/// heap work at all. Sifting moves indices, never elements.
struct TopK<Key: Sendable, Element: Sendable>: Sendable {
    let capacity: Int
    let isBefore: @Sendable (Key, Key) -> Bool
    private(set) var keys: [Key] = []
    private(set) var elements: [Element] = []
    /// Empty until the kept elements fill `capacity`; then every index, as a max-heap.
    private var heap: [Int] = []

    init(capacity: Int, by isBefore: @escaping @Sendable (Key, Key) -> Bool) {
        self.capacity = max(0, capacity)
        self.isBefore = isBefore
    }

    /// The kept keys and elements, in no particular order.
    var unordered: Zip2Sequence<[Key], [Element]> { zip(keys, elements) }

    /// Whether an element with `key` would be kept.
    func accepts(_ key: Key) -> Bool {
        guard capacity > 0 else { return false }
        guard elements.count >= capacity, let worst = heap.first else { return true }
        return isBefore(key, keys[worst])
    }

    mutating func insert(_ element: Element, key: Key) {
        if elements.count < capacity {
            keys.append(key)
            elements.append(element)
            if elements.count == capacity { buildHeap() }
        } else if let worst = heap.first, isBefore(key, keys[worst]) {
            keys[worst] = key
            elements[worst] = element
            siftDown(0)
        }
    }

    /// Changes every kept element in place without changing its order.
    mutating func transform(_ body: (inout Element) -> Void) {
        for index in elements.indices { body(&elements[index]) }
    }

    /// The kept elements, best first.
    func sorted() -> [Element] {
        var order = Array(elements.indices)
        keys.withUnsafeBufferPointer { keys in
            order.sort { isBefore(keys[$0], keys[$1]) }
        }
        return elements.withUnsafeBufferPointer { elements in
            order.map { elements[$0] }
        }
    }

    private mutating func buildHeap() {
        heap = Array(elements.indices)
        var parent = heap.count / 2 - 1
        while parent >= 0 {
            siftDown(parent)
            parent -= 1
        }
    }

    private func worse(_ a: Int, _ b: Int) -> Bool {
        isBefore(keys[heap[b]], keys[heap[a]])
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var largest = parent
            if left < heap.count, worse(left, largest) { largest = left }
            if right < heap.count, worse(right, largest) { largest = right }
            if largest == parent { return }
            heap.swapAt(parent, largest)
            parent = largest
        }
    }
}
