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
            writer.append(Array("cell  ".utf8).span, afterSpaces: 3)
            writer.trimTrailing(0x20)
            writer.append(0x0A)
            return writer
        }
        #expect(buffer.finish() == Array("  head     cell\n".utf8))
        // The spaces before the writer's room are not its own.
        var spaced = ByteBuffer(Array("x  ".utf8))
        spaced.appendInPlace(maxCount: 4) { (writer: consuming ByteBuffer.Writer) in
            writer.append(Array("    ".utf8).span, afterSpaces: 0)
            writer.trimTrailing(0x20)
            return writer
        }
        #expect(spaced.finish() == Array("x  ".utf8))
    }

    /// Short runs are written as overlapping words: every length from 0 to
    /// 80, spaces then a cell's text, lands exactly, with no byte written
    /// before or after it (the bytes around are checked too).
    @Test func everyRunLengthLandsExactlyAsAByteByByteCopy() {
        let text = (0..<200).map { UInt8(0x21 + $0 % 90) }
        for spaces in 0...80 {
            for (offset, length) in [(0, 0), (3, 1), (7, 2), (11, 3)] + (4...80).map({ ($0 * 3 % 97, $0) }) {
                var buffer = ByteBuffer(Array("<".utf8), capacity: 1)
                buffer.appendInPlace(maxCount: spaces + length + 1) { (writer: consuming ByteBuffer.Writer) in
                    writer.append(text.span, from: offset, count: length, afterSpaces: spaces)
                    writer.append(0x3E)
                    return writer
                }
                buffer.appendSpaces(spaces)
                buffer.append(text.span.extracting(offset..<(offset + length)))
                let padding = [UInt8](repeating: 0x20, count: spaces)
                let run = Array(text[offset..<(offset + length)])
                var expected: [UInt8] = [0x3C]
                expected += padding
                expected += run
                expected.append(0x3E)
                expected += padding
                expected += run
                #expect(buffer.finish() == expected, "spaces \(spaces), length \(length)")
            }
        }
        var separated = ByteBuffer()
        separated.appendInPlace(maxCount: 12) { (writer: consuming ByteBuffer.Writer) in
            writer.append(Array(" | ".utf8).span, afterSpaces: 2)
            writer.append(Array("x".utf8).span, afterSpaces: 0)
            return writer
        }
        #expect(separated.finish() == Array("   | x".utf8))
    }

    @Test func aWritePastTheRoomLentStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            var buffer = ByteBuffer(capacity: 1000)
            buffer.appendInPlace(maxCount: 4) { (writer: consuming ByteBuffer.Writer) in
                writer.append(Array("12345".utf8).span, afterSpaces: 0)
                return writer
            }
        }
        await #expect(processExitsWith: .failure) {
            var buffer = ByteBuffer(capacity: 1000)
            buffer.appendInPlace(maxCount: 4) { (writer: consuming ByteBuffer.Writer) in
                writer.append(Array("1".utf8).span, afterSpaces: 4)
                return writer
            }
        }
        await #expect(processExitsWith: .failure) {
            var buffer = ByteBuffer(capacity: 1000)
            buffer.appendInPlace(maxCount: 8) { (writer: consuming ByteBuffer.Writer) in
                writer.append(Array("12345".utf8).span, afterSpaces: 4)
                return writer
            }
        }
        // A run past the end of the text given, or before its start.
        await #expect(processExitsWith: .failure) {
            var buffer = ByteBuffer(capacity: 1000)
            buffer.appendInPlace(maxCount: 100) { (writer: consuming ByteBuffer.Writer) in
                writer.append(Array("12345".utf8).span, from: 3, count: 3, afterSpaces: 0)
                return writer
            }
        }
        await #expect(processExitsWith: .failure) {
            var buffer = ByteBuffer(capacity: 1000)
            buffer.appendInPlace(maxCount: 100) { (writer: consuming ByteBuffer.Writer) in
                writer.append(Array("12345".utf8).span, from: -1, count: 2, afterSpaces: 0)
                return writer
            }
        }
        await #expect(processExitsWith: .failure) {
            var buffer = ByteBuffer(capacity: 1000)
            buffer.appendInPlace(maxCount: 100) { (writer: consuming ByteBuffer.Writer) in
                writer.append(Array("12345".utf8).span, from: 0, count: 2, afterSpaces: -1)
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
