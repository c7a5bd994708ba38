/// Keeps the `capacity` smallest elements seen, in bounded memory.
///
/// Elements stay where they were first stored; the max-heap (whose root is
/// the worst element kept) holds only their indices, so sifting never copies
/// an element.
struct TopK<Element: Sendable>: Sendable {
    let capacity: Int
    let isBefore: @Sendable (Element, Element) -> Bool
    private(set) var elements: [Element] = []
    private var heap: [Int] = []

    init(capacity: Int, by isBefore: @escaping @Sendable (Element, Element) -> Bool) {
        self.capacity = max(0, capacity)
        self.isBefore = isBefore
    }

    /// The kept elements, in no particular order.
    var unordered: [Element] { elements }

    mutating func insert(_ element: Element) {
        guard capacity > 0 else { return }
        if elements.count < capacity {
            elements.append(element)
            heap.append(elements.count - 1)
            siftUp(heap.count - 1)
        } else if let worst = heap.first, isBefore(element, elements[worst]) {
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
        heap.sorted { isBefore(elements[$0], elements[$1]) }.map { elements[$0] }
    }

    private func worse(_ a: Int, _ b: Int) -> Bool {
        isBefore(elements[heap[b]], elements[heap[a]])
    }

    private mutating func siftUp(_ start: Int) {
        var child = start
        while child > 0 {
            let parent = (child - 1) / 2
            guard worse(child, parent) else { return }
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
            if left < heap.count, worse(left, largest) { largest = left }
            if right < heap.count, worse(right, largest) { largest = right }
            if largest == parent { return }
            heap.swapAt(parent, largest)
            parent = largest
        }
    }
}
