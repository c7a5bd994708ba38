import Dispatch
import RawBytes
import Testing

/// An array filled from many threads at once, each place once: every
/// element lands at its place, whatever thread put it there, and a place
/// filled twice or left empty stops the process.
@Suite struct ConcurrentSlotsTests {
    final class Token: Sendable {
        let value: Int
        init(_ value: Int) { self.value = value }
    }

    @Test(arguments: [0, 1, 63, 64, 65, 1000, 100_003])
    func everyElementLandsAtItsPlace(count: Int) {
        let parts = 7
        let filled = [String](count: count) { places in
            DispatchQueue.concurrentPerform(iterations: parts) { part in
                // Each part fills every seventh place, from the end.
                for index in stride(from: count - 1, through: 0, by: -1) where index % parts == part {
                    places.initialize(index, to: "element \(index)")
                }
            }
        }
        #expect(filled == (0..<count).map { "element \($0)" })
    }

    @Test func referencesAreMovedInNotCopied() {
        var tokens = (0..<100).map { Token($0) }
        let filled = [Token](count: 100) { places in
            for index in (0..<100).reversed() { places.initialize(index, to: tokens.removeLast()) }
        }
        #expect(filled.map(\.value) == Array(0..<100))
        var first = filled[0]
        _ = consume filled
        #expect(isKnownUniquelyReferenced(&first))
    }

    @Test func aPlaceFilledTwiceOrLeftEmptyStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            _ = [Int](count: 3) { places in
                places.initialize(0, to: 1)
                places.initialize(0, to: 2)
                places.initialize(1, to: 3)
            }
        }
        await #expect(processExitsWith: .failure) {
            _ = [Int](count: 3) { places in
                places.initialize(0, to: 1)
                places.initialize(2, to: 3)
            }
        }
        await #expect(processExitsWith: .failure) {
            _ = [Int](count: 3) { places in places.initialize(3, to: 1) }
        }
    }
}
