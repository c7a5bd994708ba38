import Dispatch

/// Keeps the `capacity` elements with the smallest keys seen, in bounded
/// memory.
///
/// Elements stay where they were first stored, and only their small keys are
/// compared. Until `capacity` elements are kept, inserting only appends: the
/// max-heap of indices (whose root is the worst kept) is built when an
/// element arrives with no free place left, so a limit at or above the number
/// of results costs no heap work at all. Sifting moves indices, never
/// elements.
struct TopK<Key: Sendable, Element: Sendable>: Sendable {
    let capacity: Int
    let isBefore: @Sendable (Key, Key) -> Bool
    private(set) var keys: [Key] = []
    private(set) var elements: [Element] = []
    /// Empty until an element arrives with every place taken; then every
    /// index, as a max-heap.
    private var heap: [Int] = []
    /// Makes an element's key again from the element, when its key can be
    /// (`nil` when it cannot).
    private let rekey: (@Sendable (Element) -> Key)?
    /// Whether the keys are not kept: `keys` is then empty, and is made
    /// again from the elements before anything needs it. With a `rekey`,
    /// keys are not kept while elements are only appended (until a full
    /// top-K needs its heap), nor when
    /// ``concatenate(_:ranges:inOrder:)`` finds the elements in key order:
    /// a listing of 100,000 hits then never writes their keys (80 bytes a
    /// hit), and memory written for the first time is dear.
    private(set) var keysElided = false
    /// Whether the elements are known to be in key order (as
    /// ``concatenate(_:ranges:inOrder:)`` found them), until an insert.
    private var elementsInOrder = false

    /// The most places reserved when the first element arrives.
    static var reservedRoom: Int { 1 << 17 }

    /// A top-K of `capacity` elements ordered by `isBefore`; `rekey`, when
    /// given, makes an element's key again from the element (it must give
    /// the key the element was inserted with), so that keys need not be kept
    /// once the elements are known to be in order.
    init(
        capacity: Int, rekey: (@Sendable (Element) -> Key)? = nil, by isBefore: @escaping @Sendable (Key, Key) -> Bool
    ) {
        self.capacity = max(0, capacity)
        self.rekey = rekey
        self.isBefore = isBefore
    }

    /// The kept keys and elements, in no particular order.
    var unordered: Zip2Sequence<[Key], [Element]> {
        guard keysElided, let rekey else { return zip(keys, elements) }
        return zip(elements.map(rekey), elements)
    }

    /// Makes the keys let go by ``concatenate(_:ranges:inOrder:)`` again.
    private mutating func restoreKeys() {
        guard keysElided, let rekey else { return }
        keys = elements.map(rekey)
        keysElided = false
    }

    mutating func insert(_ element: Element, key: Key) {
        elementsInOrder = false
        if elements.count < capacity {
            if elements.isEmpty {
                // Room for as many as may be kept (up to a bound), at once:
                // growing by doubling touches twice the memory and copies
                // every element, while room never written is never touched.
                let room = min(capacity, Self.reservedRoom)
                // Keys that can be made again are made only when needed.
                keysElided = rekey != nil
                keys = []
                if !keysElided { keys.reserveCapacity(room) }
                elements.reserveCapacity(room)
            }
            if !keysElided { keys.append(key) }
            elements.append(element)
            return
        }
        guard capacity > 0 else { return }
        if keysElided { restoreKeys() }
        if heap.isEmpty { buildHeap() }
        guard let worst = heap.first, isBefore(key, keys[worst]) else { return }
        keys[worst] = key
        elements[worst] = element
        siftDown(0)
    }

    /// Whether inserting an element with `key` may keep it: `false` only
    /// when it would surely be turned away.
    func mayKeep(_ key: Key) -> Bool {
        if elements.count < capacity { return true }
        guard capacity > 0 else { return false }
        guard let worst = heap.first else { return true }
        // The worst key is compared where it is: `keys[worst]` would copy
        // it (a call to copy and one to destroy, for every record of a sort).
        return isBefore(key, keys.span[worst])
    }

    /// Adds what `other` keeps, as inserting each of its elements would.
    ///
    /// `other` must order its keys by the same `isBefore`. When nothing is
    /// kept yet and the capacities match, its storage is taken as it is;
    /// when both fit, its elements are appended at once.
    mutating func merge(_ other: TopK) {
        if elements.isEmpty && capacity == other.capacity && (rekey != nil || !other.keysElided) {
            keys = other.keys
            elements = other.elements
            heap = other.heap
            keysElided = other.keysElided
            elementsInOrder = other.elementsInOrder
            return
        }
        elementsInOrder = false
        if heap.isEmpty && elements.count + other.elements.count <= capacity {
            // Inserting would only append each one.
            if keysElided && other.keysElided {
                elements.append(contentsOf: other.elements)
                return
            }
            if keysElided { restoreKeys() }
            if other.keysElided, let rekey = other.rekey {
                keys.append(contentsOf: other.elements.map(rekey))
            } else {
                keys.append(contentsOf: other.keys)
            }
            elements.append(contentsOf: other.elements)
            return
        }
        if other.keysElided {
            var other = other
            other.restoreKeys()
            return merge(other)
        }
        if keysElided { restoreKeys() }
        let room = min(capacity, elements.count + other.elements.count)
        keys.reserveCapacity(room)
        elements.reserveCapacity(room)
        for index in other.elements.indices {
            insert(other.elements[index], key: other.keys[index])
        }
    }

    /// How many elements are kept.
    var count: Int { elements.count }

    /// Whether every element inserted so far was kept, in the order of
    /// insertion (no element has been pushed out).
    var keptEveryInsert: Bool { heap.isEmpty }

    /// Keeps the elements `ranges` of `parts`, in that order, as inserting
    /// each in turn would, when this keeps nothing yet, every part kept every
    /// insert, and the ranges cover every part's elements once. The keys and
    /// elements are moved out of the parts, which are left empty, each part
    /// by a core of its own when there are many: nothing is copied, and no
    /// reference is counted, on the way.
    ///
    /// With `inOrder` (which tells whether keys are in order, as one pass of
    /// `isBefore` would) and a `rekey`, keys found in order are not gathered
    /// at all: a listing of many hits in input order then keeps only its
    /// elements, and its keys are made again only if something needs them.
    /// - Returns: `false`, changing nothing, when they would not simply be appended.
    mutating func concatenate(
        _ parts: inout [TopK], ranges: [(part: Int, range: Range<Int>)],
        inOrder: ((Span<Key>) -> Bool)? = nil,
        elementsAreInOrder: ((Span<Element>) -> Bool)? = nil
    ) -> Bool {
        let total = ranges.reduce(0) { $0 + $1.range.count }
        guard elements.isEmpty, total <= capacity, parts.allSatisfy(\.keptEveryInsert),
            total == parts.reduce(0, { $0 + $1.count })
        else { return false }
        // Where each range goes, and each part's ranges from its last.
        var starts: [Int] = []
        starts.reserveCapacity(ranges.count)
        var offset = 0
        for (_, range) in ranges {
            starts.append(offset)
            offset += range.count
        }
        var backwards = [[Int]](repeating: [], count: parts.count)
        for index in ranges.indices.reversed() { backwards[ranges[index].part].append(index) }
        // Popping each part's ranges from its last, an element is moved out
        // of its part only once everything after it has been.
        var expected = parts.map(\.count)
        for order in backwards {
            for index in order {
                let (part, range) = ranges[index]
                guard range.upperBound == expected[part] else { return false }
                expected[part] = range.lowerBound
            }
        }
        guard expected.allSatisfy({ $0 == 0 }) else { return false }
        let elidesKeys =
            rekey != nil
            && inOrder.map {
                Self.areInOrder(parts, ranges: ranges, by: $0, elementsAreInOrder: elementsAreInOrder, isBefore)
            } == true
        // Keys needed for sorting are made again where they were let go.
        if !elidesKeys {
            for part in parts.indices where parts[part].keysElided { parts[part].restoreKeys() }
        }
        let gathered = Self.gather(
            &parts, ranges: ranges, starts: starts, backwards: backwards, total: total, keepingKeys: !elidesKeys)
        keys = gathered.keys
        elements = gathered.elements
        keysElided = elidesKeys
        elementsInOrder = elidesKeys
        return true
    }

    /// Whether the keys of `ranges` of `parts`, one range after another,
    /// are in order: each range's by `inOrder`, and where ranges meet by
    /// `isBefore`.
    private static func areInOrder(
        _ parts: [TopK], ranges: [(part: Int, range: Range<Int>)],
        by inOrder: (Span<Key>) -> Bool,
        elementsAreInOrder: ((Span<Element>) -> Bool)?,
        _ isBefore: (Key, Key) -> Bool
    ) -> Bool {
        var last: Key?
        for (part, range) in ranges where !range.isEmpty {
            if parts[part].keysElided, let rekey = parts[part].rekey {
                // Keys let go as elements were appended: the elements tell
                // their order themselves, or their keys are made a range
                // at a time; where ranges meet, keys are made again.
                let elements = parts[part].elements
                if let last, isBefore(rekey(elements[range.lowerBound]), last) { return false }
                let ordered: Bool
                if let elementsAreInOrder {
                    ordered = elementsAreInOrder(elements.span.extracting(range))
                } else {
                    let keys = elements[range].map(rekey)
                    ordered = inOrder(keys.span)
                }
                guard ordered else { return false }
                last = rekey(elements[range.upperBound - 1])
                continue
            }
            let keys = parts[part].keys
            if let last, isBefore(keys[range.lowerBound], last) { return false }
            guard inOrder(keys.span.extracting(range)) else { return false }
            last = keys[range.upperBound - 1]
        }
        return true
    }

    /// Where ``gather(_:ranges:starts:backwards:total:)`` moves values
    /// from and to, each part by one worker.
    ///
    /// Raw pointers on purpose: workers move each part's values, at once,
    /// into disjoint places of one array's uninitialised capacity, which no
    /// safe type lets several threads write; a listing of 100,000 hits is
    /// then gathered without a copy or a reference count per hit.
    private struct Places: @unchecked Sendable {
        let parts: UnsafeMutablePointer<TopK>
        /// `nil` when the keys are dropped.
        let keys: UnsafeMutablePointer<Key>?
        let elements: UnsafeMutablePointer<Element>
    }

    /// The keys and elements `ranges` of `parts`, in that order, moved out;
    /// no keys (each part's dropped) unless `keepingKeys`.
    private static func gather(
        _ parts: inout [TopK],
        ranges: [(part: Int, range: Range<Int>)],
        starts: [Int],
        backwards: [[Int]],
        total: Int,
        keepingKeys: Bool
    ) -> (keys: [Key], elements: [Element]) {
        var keys: [Key] = []
        let elements = [Element](unsafeUninitializedCapacity: total) { elementBuffer, elementCount in
            keys = [Key](unsafeUninitializedCapacity: keepingKeys ? total : 0) { keyBuffer, keyCount in
                guard let elementBase = elementBuffer.baseAddress else { return }
                // Without keys, a place to drop them: nothing is written there.
                let keyBase = keepingKeys ? keyBuffer.baseAddress : nil
                parts.withUnsafeMutableBufferPointer { parts in
                    guard let partBase = parts.baseAddress else { return }
                    let places = Places(parts: partBase, keys: keyBase, elements: elementBase)
                    let move = { @Sendable (part: Int) in
                        let topK = places.parts + part
                        // A part's keys are let go (see `keysElided`) only when they are dropped here.
                        let hasKeys = !topK.pointee.keysElided
                        for index in backwards[part] {
                            let range = ranges[index].range
                            var position = starts[index] + range.count
                            while position > starts[index] {
                                position -= 1
                                if hasKeys {
                                    let key = topK.pointee.keys.removeLast()
                                    if let keys = places.keys { (keys + position).initialize(to: key) }
                                }
                                (places.elements + position).initialize(to: topK.pointee.elements.removeLast())
                            }
                        }
                    }
                    // Moving touches fresh memory: worth sharing out when there are many.
                    if total >= 1 << 14 && parts.count > 1 {
                        DispatchQueue.concurrentPerform(iterations: parts.count, execute: move)
                    } else {
                        for part in parts.indices { move(part) }
                    }
                }
                keyCount = keepingKeys ? total : 0
            }
            elementCount = total
        }
        return (keys, elements)
    }

    /// Changes every kept element in place without changing its order.
    mutating func transform(_ body: (inout Element) -> Void) {
        for index in elements.indices { body(&elements[index]) }
    }

    /// The kept elements, best first.
    /// - Parameter inOrder: Tells whether keys are already sorted, as one
    ///   pass of `isBefore` over them would, when the caller can compare
    ///   its keys faster than through `isBefore`.
    /// - Parameter elementsAreInOrder: Tells the same from the elements, for
    ///   keys let go (see `keysElided`).
    func sorted(
        inOrder: ((Span<Key>) -> Bool)? = nil,
        elementsAreInOrder: ((Span<Element>) -> Bool)? = nil
    ) -> [Element] {
        // Elements kept in order (as an empty query keeps its input) need
        // no sorting: one pass tells, or told when their keys were let go.
        // Sorting is stable, so ties keep their order either way.
        if elementsInOrder { return elements }
        if keysElided, let elementsAreInOrder, elementsAreInOrder(elements.span) { return elements }
        let keys = keysElided ? rekey.map { elements.map($0) } ?? self.keys : self.keys
        let span = keys.span
        let inOrder = inOrder?(span) ?? span.indices.dropFirst().allSatisfy { !isBefore(span[$0], span[$0 - 1]) }
        if inOrder { return elements }
        var order = Array(elements.indices)
        order.sort { isBefore(span[$0], span[$1]) }
        let kept = elements.span
        return order.map { kept[$0] }
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

extension TopK where Key == HitKey {
    /// ``mayKeep(_:)`` for a top-K of hits ordered by
    /// `HitKey.isBefore(_:descending:)` with this `descending`, as
    /// `HitCollector` makes them: the order is called directly, without
    /// copying the key for the stored closure (once for every record of a
    /// sort).
    func mayKeep(_ key: HitKey, descending: Bool) -> Bool {
        if elements.count < capacity { return true }
        guard capacity > 0 else { return false }
        guard let worst = heap.first else { return true }
        return key.isBefore(keys.span[worst], descending: descending)
    }
}
