import RawBytes
import Testing

/// The byte module's loads: several bytes of a span read at once, the first
/// in the lowest bits, at any offset, and never past the span.
@Suite struct SpanWordsTests {
    static let bytes: [UInt8] = Array(1...40)

    /// The value the bytes from `offset` make, the first lowest, read one by one.
    static func littleEndian(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }

    @Test(arguments: 0...32)
    func wordsAreReadAtAnyOffsetFirstByteLowest(offset: Int) {
        let bytes = Self.bytes
        #expect(bytes.span.loadUInt64(at: offset) == Self.littleEndian(bytes[offset..<offset + 8]))
        #expect(UInt64(bytes.span.loadUInt32(at: offset)) == Self.littleEndian(bytes[offset..<offset + 4]))
        #expect(bytes.span.loadVector(at: offset % 24) == SIMD16(bytes[offset % 24..<offset % 24 + 16]))
    }

    @Test(arguments: 0...12)
    func aPrefixStopsAtTheEndOfTheSpan(count: Int) {
        let bytes = Array(Self.bytes.prefix(count))
        for offset in 0...count {
            let expected = Self.littleEndian(bytes[offset..<min(count, offset + 8)])
            #expect(bytes.span.loadUInt64Prefix(at: offset) == expected, "\(count) bytes from \(offset)")
        }
    }

    @Test func aLoadPastTheEndStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            let bytes: [UInt8] = [1, 2, 3, 4, 5, 6, 7]
            _ = bytes.span.loadUInt64(at: 0)
        }
        await #expect(processExitsWith: .failure) {
            let bytes: [UInt8] = Array(repeating: 0, count: 20)
            _ = bytes.span.loadVector(at: 5)
        }
    }

    @Test(arguments: [nil, 0, 1, 7, 8, 9, 15])
    func theFirstLaneOfAMaskIsTheLowestSet(first: Int?) {
        var lanes = SIMD16<UInt8>(repeating: 0)
        if let first {
            lanes[first] = 1
            // Lanes after the first may be set too.
            for lane in first..<16 where lane % 3 == 0 { lanes[lane] = 1 }
        }
        #expect(SIMD16.firstLane(of: lanes .== 1) == first)
    }

    @Test func textIsDecodedAndBytesCopiedFromASpan() {
        let bytes = Array("naïve \u{1F98A}".utf8) + [0xFF]
        #expect(String(decodingUTF8: bytes.span) == "naïve \u{1F98A}\u{FFFD}")
        #expect(String(decodingUTF8: bytes.span.extracting(0..<2)) == "na")
        var copy: [UInt8] = [9]
        copy.append(copying: bytes.span.extracting(1..<4))
        #expect(copy == [9] + bytes[1..<4])
    }
}
