import RawBytes
import Testing

/// The byte module's search for a byte: the first in a range, never one
/// outside it, and never a read past the span.
@Suite struct SpanFindTests {
    /// Bytes with the sought byte at known places, long enough for the C
    /// library's vector scan to take whole vectors and a tail.
    static let bytes: [UInt8] = (0..<100).map { $0 % 7 == 3 ? 0x0A : UInt8(ascii: "a") + UInt8($0 % 26) }

    @Test(arguments: [0..<0, 0..<1, 0..<3, 0..<4, 3..<4, 4..<10, 4..<11, 11..<100, 95..<100, 97..<98, 0..<100])
    func theFirstByteInTheRangeIsFound(range: Range<Int>) {
        let bytes = Self.bytes
        let expected = bytes[range].firstIndex(of: 0x0A)
        #expect(bytes.span.firstIndex(of: 0x0A, in: range) == expected)
        #expect(bytes.span.contains(0x0A, in: range) == (expected != nil))
    }

    @Test func aByteNotThereIsNotFound() {
        let bytes = Self.bytes
        #expect(bytes.span.firstIndex(of: 0xFF) == nil)
        #expect(bytes.span.firstIndex(of: 0x0A) == 3)
        #expect([UInt8]().span.firstIndex(of: 0x0A) == nil)
        // A byte just past the range is not found in it.
        #expect(bytes.span.firstIndex(of: 0x0A, in: 4..<10) == nil)
        #expect(bytes.span.firstIndex(of: 0x0A, in: 4..<11) == 10)
    }

    @Test func aRangePastTheEndStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            let bytes: [UInt8] = [1, 2, 3]
            _ = bytes.span.firstIndex(of: 9, in: 1..<4)
        }
    }
}
