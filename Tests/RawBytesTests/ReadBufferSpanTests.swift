import RawBytes
import Testing

/// The read buffer's bytes as a span: what ``ReadBuffer/withBytes(_:)``
/// lends, without a closure.
@Suite struct ReadBufferSpanTests {
    static func contents(_ bytes: Span<UInt8>) -> [UInt8] { (0..<bytes.count).map { bytes[$0] } }

    @Test func theSpanHoldsTheBytesNotConsumed() {
        var buffer = ReadBuffer()
        #expect(buffer.bytes.count == 0)
        buffer.append(Array("first\nsecond".utf8).span)
        #expect(Self.contents(buffer.bytes) == Array("first\nsecond".utf8))
        buffer.consume(6)
        #expect(Self.contents(buffer.bytes) == Array("second".utf8))
        #expect(buffer.bytes.count == buffer.count)
        // Grown past its first block: the span follows the bytes' new place.
        let more = [UInt8](repeating: 0x7A, count: 200_000)
        buffer.append(more.span)
        #expect(Self.contents(buffer.bytes) == Array("second".utf8) + more)
        #expect(Self.contents(buffer.bytes) == buffer.withBytes { Self.contents($0) })
        buffer.consume(buffer.count)
        #expect(buffer.bytes.count == 0)
    }

    @Test func readingPastTheSpanStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            var buffer = ReadBuffer()
            buffer.append(Array("abc".utf8).span)
            _ = buffer.bytes[3]
        }
    }
}
