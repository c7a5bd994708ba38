import Testing

@testable import TerminalTable

/// The table's byte writer: runs land in order whatever the room asked for
/// ahead, and a write past the room lent to a ``ByteBuffer/Writer`` stops
/// the process rather than landing in memory not asked for.
@Suite struct ByteBufferTests {
    @Test(arguments: [0, 1, 64, 1000])
    func runsLandInOrderWhateverTheRoomAhead(capacity: Int) {
        var buffer = ByteBuffer(capacity: capacity)
        var expected: [UInt8] = []
        for round in 0..<200 {
            let text = String(repeating: "ab", count: round % 7) + "é"
            buffer.append(text)
            expected += Array(text.utf8)
            buffer.appendSpaces(round % 5)
            expected += Array(repeating: 0x20, count: round % 5)
            buffer.append(UInt8(round % 256))
            expected.append(UInt8(round % 256))
        }
        #expect(buffer.count == expected.count)
        #expect(buffer.withBytes(0..<buffer.count) { span in (0..<span.count).map { span[$0] } } == expected)
        #expect(buffer.finish() == expected)
    }

    @Test func aWriterWritesInPlaceAndTrimsOnlyItsOwnBytes() {
        var buffer = ByteBuffer(Array("  head  ".utf8))
        buffer.appendInPlace(maxCount: 16) { (writer: consuming ByteBuffer.Writer) in
            writer.append(0x20, count: 3)
            writer.append(Array("cell".utf8))
            writer.append(0x20, count: 4)
            writer.trimTrailing(0x20)
            writer.append(0x0A)
            return writer
        }
        #expect(buffer.finish() == Array("  head     cell\n".utf8))
        // The spaces before the writer's room are not its own.
        var spaced = ByteBuffer(Array("x  ".utf8))
        spaced.appendInPlace(maxCount: 4) { (writer: consuming ByteBuffer.Writer) in
            writer.append(0x20, count: 4)
            writer.trimTrailing(0x20)
            return writer
        }
        #expect(spaced.finish() == Array("x  ".utf8))
    }

    @Test func aWritePastTheRoomLentStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            var buffer = ByteBuffer(capacity: 1000)
            buffer.appendInPlace(maxCount: 4) { (writer: consuming ByteBuffer.Writer) in
                writer.append(Array("12345".utf8))
                return writer
            }
        }
        await #expect(processExitsWith: .failure) {
            var buffer = ByteBuffer(capacity: 1000)
            buffer.appendInPlace(maxCount: 4) { (writer: consuming ByteBuffer.Writer) in
                writer.append(0x20, count: 5)
                return writer
            }
        }
        await #expect(processExitsWith: .failure) {
            var buffer = ByteBuffer()
            buffer.append("abc")
            _ = buffer.withBytes(0..<4) { $0.count }
        }
    }
}
