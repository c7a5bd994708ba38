import TestSupport
import Testing

@testable import SphinxCluster

/// Numbers keep their order, exactly, as integers: what `searchd` compares
/// is what the search compares.
@Suite struct SortableNumberTests {
    static let edges: [Double] = [
        -.infinity, -Double.greatestFiniteMagnitude, -1e39, -16_777_217, -16_777_216, -1.00000001, -1, -Double.ulpOfOne,
        -Double.leastNonzeroMagnitude, 0, Double.leastNonzeroMagnitude, 1, 1.00000001, 4.5, 16_777_216, 16_777_217,
        99_999_999.98, 99_999_999.99, 3.5e38, 1e39, Double.greatestFiniteMagnitude, .infinity,
    ]

    @Test func keysAreInTheNumbersOrderAndGiveThemBack() throws {
        var random = SplitMix64(state: 3)
        var numbers = Self.edges
        for _ in 0..<2000 { numbers.append(Double(bitPattern: random.next())) }
        numbers = numbers.filter { !$0.isNaN }
        for a in numbers.prefix(200) {
            for b in numbers {
                let (ka, kb) = (try #require(SortableNumber.key(a)), try #require(SortableNumber.key(b)))
                #expect((ka < kb) == (a < b), "\(a) \(b)")
                #expect((ka == kb) == (a == b), "\(a) \(b)")
            }
            #expect(SortableNumber.number(try #require(SortableNumber.key(a))) == a)
        }
        #expect(SortableNumber.key(-0.0) == SortableNumber.key(0.0))
        #expect(SortableNumber.key(.nan) == nil)
    }
}
