import RawBytes
import Testing

/// The byte module's search for a byte under a mask: the first byte in the
/// range that matches once the mask's bits are set, as a byte-by-byte walk
/// finds it, at every start, length and place of the byte.
@Suite struct SpanFoldedFindTests {
    /// What the search must return: a plain walk of the range.
    static func model(_ bytes: [UInt8], _ byte: UInt8, _ mask: UInt8, _ range: Range<Int>) -> Int {
        range.first { bytes[$0] | mask == byte } ?? range.upperBound
    }

    @Test func everyRangeOfEveryLengthAgreesWithAPlainWalk() {
        // "xX" pairs and a lone target at every place; lengths past two words cover the tail.
        for length in 0...20 {
            for place in 0...length {
                var bytes = [UInt8](repeating: UInt8(ascii: "b"), count: length)
                if place < length { bytes[place] = UInt8(ascii: "Q") }
                for start in 0...length {
                    for end in start...length {
                        for (byte, mask) in [
                            (UInt8(ascii: "q"), UInt8(0x20)), (UInt8(ascii: "Q"), 0), (UInt8(ascii: "q"), 0),
                        ] {
                            let found = bytes.span.firstIndex(of: byte, setting: mask, in: start..<end)
                            #expect(
                                found == Self.model(bytes, byte, mask, start..<end),
                                "\(length) \(place) \(start)..<\(end)")
                        }
                    }
                }
            }
        }
    }

    @Test func theLowestOfSeveralInOneWordIsFound() {
        let bytes = Array("abcXyzxYx".utf8)
        #expect(bytes.span.firstIndex(of: UInt8(ascii: "x"), setting: 0x20, in: 0..<9) == 3)
        #expect(bytes.span.firstIndex(of: UInt8(ascii: "x"), setting: 0, in: 0..<9) == 6)
        #expect(bytes.span.firstIndex(of: UInt8(ascii: "x"), setting: 0x20, in: 4..<9) == 6)
        // A byte just past the range is not found in it.
        #expect(bytes.span.firstIndex(of: UInt8(ascii: "x"), setting: 0x20, in: 0..<3) == 3)
    }

    @Test func aRangePastTheEndStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            let bytes: [UInt8] = Array(repeating: 1, count: 16)
            _ = bytes.span.firstIndex(of: 9, setting: 0, in: 9..<17)
        }
        await #expect(processExitsWith: .failure) {
            let bytes: [UInt8] = Array(repeating: 1, count: 16)
            _ = bytes.span.firstIndex(of: 9, setting: 0, in: -1..<4)
        }
    }
}
