/// Keeps the `capacity` smallest elements seen, in bounded memory: a max-heap
/// whose root is the worst element kept.
struct TopK<Element: Sendable>: Sendable {
    let capacity: Int
    let isBefore: @Sendable (Element, Element) -> Bool
    private(set) var heap: [Element] = []

    init(capacity: Int, by isBefore: @escaping @Sendable (Element, Element) -> Bool) {
        self.capacity = max(0, capacity)
        self.isBefore = isBefore
    }

    /// Whether `element` would be kept, without building it.
    func accepts(_ probe: (Element) -> Bool) -> Bool {
        heap.count < capacity || heap.first.map(probe) ?? false
    }

    mutating func insert(_ element: Element) {
        guard capacity > 0 else { return }
        if heap.count < capacity {
            heap.append(element)
            siftUp(heap.count - 1)
        } else if let worst = heap.first, isBefore(element, worst) {
            heap[0] = element
            siftDown(0)
        }
    }

    /// Changes every kept element in place without changing its order.
    mutating func transform(_ body: (inout Element) -> Void) {
        for index in heap.indices { body(&heap[index]) }
    }

    /// The kept elements, best first.
    func sorted() -> [Element] {
        heap.sorted(by: isBefore)
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard isBefore(heap[parent], heap[child]) else { return }
            heap.swapAt(parent, child)
            child = parent
        }
    }

    private mutating func siftDown(_ start: Int) {
        var parent = start
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var largest = parent
            if left < heap.count, isBefore(heap[largest], heap[left]) { largest = left }
            if right < heap.count, isBefore(heap[largest], heap[right]) { largest = right }
            if largest == parent { return }
            heap.swapAt(parent, largest)
            parent = largest
        }
    }
}
