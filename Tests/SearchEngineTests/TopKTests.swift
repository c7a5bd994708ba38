import ResultKit
import StreamingJSON
import TestSupport
import Testing
import TextMatching

@testable import SearchEngine

/// `--limit` keeps the best results through the session's top-K selection,
/// whether the limit is below, at or above the number of matches.
@Suite struct TopKTests {
    /// Searches `prices` (one note per price, named by its input position)
    /// sorted by price, and returns the names kept.
    func kept(_ prices: [Int], limit: Int, offset: Int = 0, descending: Bool = false) throws -> [String] {
        let registry = try KindRegistry([noteKind()])
        let options = SearchOptions(
            limit: limit, offset: offset, sort: FieldSort(field: "price", descending: descending))
        var session = SearchSession(registry: registry, query: try QueryParser().parse(""), options: options)
        for (index, price) in prices.enumerated() {
            let object = JSONObject(["name": .string("n\(index)"), "price": .number(String(price))])
            let record = Record(object: object, location: SourceLocation(file: "t", line: index + 1), kindHint: "note")
            session.consider(record) { _ in }
        }
        return session.finish().hits.map(\.row.name)
    }

    /// The expected names: a stable sort by price, then the window.
    func expected(_ prices: [Int], limit: Int, offset: Int = 0, descending: Bool = false) -> [String] {
        let order = prices.indices.sorted { a, b in
            prices[a] != prices[b] ? (descending ? prices[a] > prices[b] : prices[a] < prices[b]) : a < b
        }
        return order.dropFirst(offset).prefix(limit).map { "n\($0)" }
    }

    @Test(arguments: [0, 1, 7, 99, 100, 101, 1000])
    func theLimitKeepsTheBestInOrder(limit: Int) throws {
        var generator = SplitMix64(state: UInt64(limit) + 11)
        let prices = (0..<100).map { _ in Int(generator.next() % 40) }
        #expect(try kept(prices, limit: limit) == expected(prices, limit: limit))
        #expect(try kept(prices, limit: limit, descending: true) == expected(prices, limit: limit, descending: true))
    }

    @Test func anOffsetSkipsTheBestResults() throws {
        var generator = SplitMix64(state: 5)
        let prices = (0..<300).map { _ in Int(generator.next() % 1000) }
        #expect(try kept(prices, limit: 20, offset: 30) == expected(prices, limit: 20, offset: 30))
        #expect(try kept(prices, limit: 500, offset: 290) == expected(prices, limit: 500, offset: 290))
    }

    /// Top-K itself against a stable sort, with ties broken by position.
    func topK(_ values: [Int], capacity: Int) -> TopK<Int, Int> {
        var top = TopK<Int, Int>(capacity: capacity) { $0 < $1 }
        for (index, value) in values.enumerated() {
            top.insert(index, key: value * 100_000 + index)
        }
        return top
    }

    @Test(arguments: [(0, 0), (1, 0), (5, 40), (40, 40), (39, 40), (1000, 40), (7, 3)])
    func mergingTwoIsKeepingTheirUnion(first: Int, second: Int) {
        var generator = SplitMix64(state: UInt64(first * 100 + second))
        let values = (0..<(first + second)).map { _ in Int(generator.next() % 50) }
        for capacity in [0, 1, 10, first + second, first + second + 5] {
            var merged = topK(Array(values.prefix(first)), capacity: capacity)
            var tail = TopK<Int, Int>(capacity: capacity) { $0 < $1 }
            for index in first..<(first + second) {
                tail.insert(index, key: values[index] * 100_000 + index)
            }
            merged.merge(tail)
            let expected = values.indices.sorted { (values[$0], $0) < (values[$1], $1) }.prefix(capacity)
            #expect(merged.sorted() == Array(expected), "capacity \(capacity)")
            // Inserting more afterwards still keeps the best.
            merged.insert(-1, key: -1)
            #expect(merged.sorted().first == (capacity > 0 ? -1 : nil))
            #expect(merged.sorted().count == min(capacity, first + second + 1))
        }
    }

    @Test func changingACopiedHitLeavesTheOriginalAlone() throws {
        let prices = [3, 1, 2]
        let registry = try KindRegistry([noteKind()])
        var session = SearchSession(
            registry: registry, query: try QueryParser().parse(""), options: SearchOptions(limit: 10))
        for (index, price) in prices.enumerated() {
            let object = JSONObject(["name": .string("n\(index)"), "price": .number(String(price))])
            session.consider(
                Record(object: object, location: SourceLocation(file: "t", line: index + 1), kindHint: "note")
            ) { _ in }
        }
        let hits = session.finish().hits
        var copy = hits[0]
        copy.record.location.line = 99
        copy.rank.order = -1
        #expect(hits[0].record.location.line == 1)
        #expect(copy.record.location.line == 99)
        #expect(hits[0].rank.order != -1)
        #expect(copy.row.name == hits[0].row.name)
    }

    @Test func aListedHitKeepsLessAndGivesTheSameAsAnyOther() throws {
        let registry = try KindRegistry([noteKind()])
        let object = JSONObject(["kind": .string("note"), "name": .string("n0"), "price": .number("3")])
        let location = SourceLocation(file: "t", line: 1)
        // An empty query's hit, its record not kept: the plain storage.
        var listing = SearchSession(
            registry: registry, query: try QueryParser().parse(""),
            options: SearchOptions(limit: 10, keepsRecords: false))
        listing.consider(Record(object: object, location: location, kindHint: nil)) { _ in }
        let listed = try #require(listing.finish().hits.first)
        let order = listed.rank.order
        #expect(listed.rank.tier == nil && listed.rank.isOrderOnly)
        #expect(listed.match == nil && listed.record.object == JSONObject() && listed.record.kindHint == nil)
        #expect(listed.kind.name == "note" && listed.row.name == "n0" && listed.record.location == location)
        // Each property changed in turn gives a hit with that change and the rest as they were.
        var ranked = listed
        ranked.rank.weight = 7
        #expect(ranked.rank.weight == 7 && ranked.rank.order == order && ranked.row.name == "n0")
        ranked.rank.weight = 0
        #expect(ranked.rank.isOrderOnly && ranked.rank.order == order)
        var recorded = listed
        recorded.record = Record(object: object, location: location, kindHint: "note")
        #expect(recorded.record.object == object && recorded.record.kindHint == "note" && recorded.rank.order == order)
        var matched = listed
        matched.match = FieldMatch(field: "name", text: "n0", tier: .exact, positions: [0, 1])
        #expect(matched.match?.positions == [0, 1] && matched.kind.name == "note" && matched.row.name == "n0")
        matched.match = nil
        #expect(matched.match == nil && matched.rank.order == order)
        #expect(listed.match == nil && listed.rank.weight == 0 && listed.record.kindHint == nil)
        // A word's hit keeps its match and rank whole.
        var words = SearchSession(
            registry: registry, query: try QueryParser().parse("n0"),
            options: SearchOptions(limit: 10, keepsRecords: false))
        words.consider(Record(object: object, location: location, kindHint: nil)) { _ in }
        let found = try #require(words.finish().hits.first)
        #expect(found.match?.text == "n0" && found.rank.tier != nil && !found.rank.isOrderOnly)
    }

    /// Two parts whose elements are dealt out in blocks, as parallel workers
    /// keep the hits of the blocks they read.
    func dealt(_ blocks: [(part: Int, count: Int)], capacity: Int = 100)
        -> (parts: [TopK<Int, String>], ranges: [(part: Int, range: Range<Int>)], expected: [String])
    {
        var parts = [0, 1].map { _ in TopK<Int, String>(capacity: capacity) { $0 < $1 } }
        var ranges: [(part: Int, range: Range<Int>)] = []
        var expected: [String] = []
        var order = 0
        for (part, count) in blocks {
            let start = parts[part].count
            for _ in 0..<count {
                parts[part].insert("e\(order)", key: order)
                expected.append("e\(order)")
                order += 1
            }
            ranges.append((part, start..<parts[part].count))
        }
        return (parts, ranges, expected)
    }

    @Test func concatenatingMovesEveryPartInTheOrderOfTheRanges() {
        let blocks = [(0, 3), (1, 2), (0, 0), (1, 4), (0, 1), (1, 1)]
        var (parts, ranges, expected) = dealt(blocks)
        var top = TopK<Int, String>(capacity: 100) { $0 < $1 }
        #expect(top.concatenate(&parts, ranges: ranges))
        #expect(top.sorted() == expected)
        #expect(top.keys == Array(0..<expected.count))
        #expect(parts.allSatisfy { $0.count == 0 })
    }

    @Test func concatenatingLargePartsMovesThemOnEveryCore() {
        let blocks = (0..<40).map { (part: $0 % 2, count: 500 + $0) }
        var (parts, ranges, expected) = dealt(blocks, capacity: 1 << 20)
        var top = TopK<Int, String>(capacity: 1 << 20) { $0 < $1 }
        #expect(top.concatenate(&parts, ranges: ranges))
        #expect(top.sorted() == expected)
    }

    /// A top-K whose keys are made again from its elements (`e12` has key 12).
    func rekeyed(capacity: Int = 100) -> TopK<Int, String> {
        TopK<Int, String>(capacity: capacity, rekey: { Int($0.dropFirst())! }, by: { $0 < $1 })
    }

    let ascending = { (keys: Span<Int>) in
        keys.indices.dropFirst().allSatisfy { keys[$0 - 1] <= keys[$0] }
    }

    @Test func concatenatingKeysInOrderLetsThemGoAndMakesThemAgainWhenNeeded() {
        let blocks = [(0, 3), (1, 2), (0, 0), (1, 4), (0, 1), (1, 1)]
        var (parts, ranges, expected) = dealt(blocks)
        var top = rekeyed()
        #expect(top.concatenate(&parts, ranges: ranges, inOrder: ascending))
        #expect(top.keys.isEmpty)
        #expect(top.sorted() == expected)
        #expect(top.unordered.map(\.0) == Array(0..<expected.count))
        // A second file's hits after the first's: the keys come back, and rank them.
        top.insert("e3", key: 3)
        top.insert("e100", key: 100)
        #expect(top.unordered.map(\.0) == Array(0..<expected.count) + [3, 100])
        #expect(top.sorted() == Array(expected[...3]) + ["e3"] + expected[4...] + ["e100"])
        // Merged into another top-K, and past its capacity.
        var (again, againRanges, _) = dealt(blocks)
        var elided = rekeyed()
        #expect(elided.concatenate(&again, ranges: againRanges, inOrder: ascending))
        var small = TopK<Int, String>(capacity: 4) { $0 < $1 }
        small.insert("e50", key: 50)
        small.merge(elided)
        #expect(small.sorted() == ["e0", "e1", "e2", "e3"])
    }

    /// Whether `top` keeps the `capacity` smallest of `keys` (each `e` and
    /// its key) in order, as a stable sort tells.
    func keepsTheSmallest(_ top: TopK<Int, String>, of keys: [Int], capacity: Int) -> Bool {
        top.sorted() == keys.sorted().prefix(capacity).map { "e\($0)" }
    }

    @Test func keysThatCanBeMadeAgainAreNotKeptWhileElementsAreAppended() {
        var generator = SplitMix64(state: 31)
        var seen = Set<Int>()
        let keys = (0..<60).map { _ in Int(generator.next() % 1_000) }.filter { seen.insert($0).inserted }
        for capacity in [0, 1, 5, keys.count - 1, keys.count, keys.count + 3] {
            var top = rekeyed(capacity: capacity)
            var plain = TopK<Int, String>(capacity: capacity) { $0 < $1 }
            for (index, key) in keys.enumerated() {
                #expect(top.mayKeep(key) == plain.mayKeep(key), "capacity \(capacity), key \(index)")
                top.insert("e\(key)", key: key)
                plain.insert("e\(key)", key: key)
                // No keys until the heap of a full top-K needs them.
                let appendedOnly = index < capacity
                #expect(top.keysElided == appendedOnly && top.keys.isEmpty == (appendedOnly || capacity == 0))
            }
            #expect(keepsTheSmallest(top, of: keys, capacity: capacity), "capacity \(capacity)")
            #expect(top.sorted() == plain.sorted())
            #expect(top.unordered.map(\.0).sorted() == plain.unordered.map(\.0).sorted())
        }
        // Merged both ways with top-Ks that keep their keys, and with each other.
        for split in [0, 10, 30, keys.count] {
            for capacity in [8, 40, keys.count + 1] {
                var first = rekeyed(capacity: capacity)
                var second = rekeyed(capacity: capacity)
                var plain = TopK<Int, String>(capacity: capacity) { $0 < $1 }
                for key in keys[..<split] { first.insert("e\(key)", key: key) }
                for key in keys[split...] {
                    second.insert("e\(key)", key: key)
                    plain.insert("e\(key)", key: key)
                }
                var both = first
                both.merge(second)
                #expect(keepsTheSmallest(both, of: keys, capacity: capacity), "split \(split), capacity \(capacity)")
                var mixed = first
                mixed.merge(plain)
                #expect(keepsTheSmallest(mixed, of: keys, capacity: capacity), "split \(split), capacity \(capacity)")
                var other = plain
                other.merge(first)
                #expect(keepsTheSmallest(other, of: keys, capacity: capacity), "split \(split), capacity \(capacity)")
            }
        }
    }

    @Test func concatenatingPartsWithoutKeysMakesThemOnlyWhenNeeded() {
        let blocks = [(0, 3), (1, 2), (0, 0), (1, 4), (0, 1), (1, 1)]
        // Parts that kept no keys, in order: none are made.
        var parts = [0, 1].map { _ in rekeyed() }
        var ranges: [(part: Int, range: Range<Int>)] = []
        var order = 0
        for (part, count) in blocks {
            let start = parts[part].count
            for _ in 0..<count {
                parts[part].insert("e\(order)", key: order)
                order += 1
            }
            ranges.append((part, start..<parts[part].count))
        }
        #expect(parts.allSatisfy { $0.keysElided })
        var inOrder = parts
        var top = rekeyed()
        #expect(top.concatenate(&inOrder, ranges: ranges, inOrder: ascending))
        #expect(top.keysElided && top.sorted() == (0..<order).map { "e\($0)" })
        // Two parts' first ranges taken the other way round: the keys are made, and sort them.
        var swapped = parts
        var again = rekeyed()
        let reordered = [ranges[1], ranges[0]] + ranges[2...]
        #expect(again.concatenate(&swapped, ranges: reordered, inOrder: ascending))
        #expect(!again.keysElided && again.keys == [3, 4, 0, 1, 2] + Array(5..<order))
        #expect(again.sorted() == (0..<order).map { "e\($0)" })
        var twoParts = [rekeyed(), rekeyed()]
        for key in [7, 8] { twoParts[0].insert("e\(key)", key: key) }
        for key in [2, 9] { twoParts[1].insert("e\(key)", key: key) }
        var sorted = rekeyed()
        #expect(sorted.concatenate(&twoParts, ranges: [(0, 0..<2), (1, 0..<2)], inOrder: ascending))
        #expect(!sorted.keysElided && sorted.keys == [7, 8, 2, 9])
        #expect(sorted.sorted() == ["e2", "e7", "e8", "e9"])
    }

    @Test func concatenatingKeysOutOfOrderKeepsThem() {
        var parts = [0, 1].map { _ in rekeyed() }
        // Part 1's range ranks before part 0's: the keys are needed to sort.
        for key in [5, 6] { parts[0].insert("e\(key)", key: key) }
        for key in [1, 2] { parts[1].insert("e\(key)", key: key) }
        var top = rekeyed()
        #expect(top.concatenate(&parts, ranges: [(0, 0..<2), (1, 0..<2)], inOrder: ascending))
        #expect(top.keys == [5, 6, 1, 2])
        #expect(top.sorted() == ["e1", "e2", "e5", "e6"])
        // Out of order inside a range too.
        var inside = [0, 1].map { _ in rekeyed() }
        for key in [3, 1] { inside[0].insert("e\(key)", key: key) }
        var other = rekeyed()
        #expect(other.concatenate(&inside, ranges: [(0, 0..<2)], inOrder: ascending))
        #expect(other.keys == [3, 1])
        #expect(other.sorted() == ["e1", "e3"])
    }

    @Test func concatenatingRefusesRangesThatDoNotCoverThePartsOnce() {
        var (parts, ranges, _) = dealt([(0, 3), (1, 2), (0, 2)])
        var top = TopK<Int, String>(capacity: 100) { $0 < $1 }
        // A range left out, ranges out of order, and too little room: nothing moves.
        for wrong in [Array(ranges.dropLast()), [ranges[2], ranges[1], ranges[0]]] {
            #expect(!top.concatenate(&parts, ranges: wrong))
            #expect(top.count == 0 && parts[0].count == 5 && parts[1].count == 2)
        }
        var small = TopK<Int, String>(capacity: 6) { $0 < $1 }
        #expect(!small.concatenate(&parts, ranges: ranges))
        #expect(parts[0].count == 5)
    }
}
