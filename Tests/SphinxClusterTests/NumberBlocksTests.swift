import TestSupport
import Testing

@testable import SphinxCluster

/// A range's covering blocks find every number in the range, and little
/// else: only numbers in the same sixteenth of a binade as an end.
@Suite struct NumberBlocksTests {
    static let edges: [Double] = [
        -.infinity, -1e39, -16_777_217, -1, -Double.leastNonzeroMagnitude, 0, Double.leastNonzeroMagnitude, 1,
        1.00000001, 4.5, 10, 20, 99.99, 100, 16_777_216, 16_777_217, 3.5e38, 1e39, .infinity,
    ]

    /// The finest block of `key`, as an unsigned number.
    static func finest(_ key: Int64) -> UInt64 { (UInt64(bitPattern: key) ^ (1 << 63)) >> 48 }

    @Test func everyNumberInARangeHoldsACoveringBlockAndNoNumberFarOutsideDoes() throws {
        var random = SplitMix64(state: 39)
        var numbers = Self.edges
        for _ in 0..<300 { numbers.append(Double(bitPattern: random.next())) }
        for _ in 0..<300 { numbers.append(Double(Int(random.next() % 2000)) / 8 - 50) }
        let keys = try numbers.filter { !$0.isNaN }.map { try #require(SortableNumber.key($0)) }.sorted()
        for _ in 0..<400 {
            let a = keys[Int(random.next() % UInt64(keys.count))]
            let b = keys[Int(random.next() % UInt64(keys.count))]
            let (lower, upper) = (min(a, b), max(a, b))
            let covering = Set(NumberBlocks.covering(code: "abc123", lower: lower, upper: upper))
            #expect(covering.count <= 3 * 2 * 15 + 16, "\(lower)...\(upper): \(covering.count) blocks")
            for key in keys {
                let held = !covering.isDisjoint(with: NumberBlocks.tokens(code: "abc123", key: key))
                if key >= lower && key <= upper {
                    #expect(held, "\(key) in \(lower)...\(upper) holds no covering block")
                } else if Self.finest(key) < Self.finest(lower) || Self.finest(key) > Self.finest(upper) {
                    #expect(!held, "\(key), outside \(lower)...\(upper), holds a covering block")
                }
            }
        }
    }

    @Test func aRangeOfPricesIsAFewBlocksAndAnEmptyRangeNone() throws {
        let ten = try #require(SortableNumber.key(10))
        let twenty = try #require(SortableNumber.key(20))
        #expect(NumberBlocks.covering(code: "abc123", lower: ten, upper: twenty).count <= 20)
        #expect(NumberBlocks.covering(code: "abc123", lower: twenty, upper: ten).isEmpty)
        #expect(NumberBlocks.covering(code: "abc123", lower: ten, upper: ten).count == 1)
        // Every number: the sixteen coarsest blocks.
        #expect(NumberBlocks.covering(code: "abc123", lower: .min, upper: .max).count == 16)
        // Another field's blocks are other tokens.
        let other = NumberBlocks.tokens(code: "xyz789", key: ten)
        #expect(Set(NumberBlocks.tokens(code: "abc123", key: ten)).isDisjoint(with: other))
    }
}
