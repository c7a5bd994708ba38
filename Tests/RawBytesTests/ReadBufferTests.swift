import Foundation
import RawBytes
import Testing

/// The readers' buffer: reads land after what is kept, consumed bytes go,
/// and the block at least doubles when it grows, so that a document read
/// whole in chunks costs time linear in its size.
@Suite struct ReadBufferTests {
    /// Regression: the buffer grew by one chunk per read and was copied each
    /// time, which made reading a piped document quadratic.
    @Test func growingByManyChunksDoublesTheBlock() {
        var buffer = ReadBuffer()
        var capacities: [Int] = []
        var expected: [UInt8] = []
        for chunk in 0..<300 {
            let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &+ chunk) }
            expected += bytes
            buffer.append(bytes.span)
            if capacities.last != buffer.capacity { capacities.append(buffer.capacity) }
        }
        #expect(buffer.count == 300_000)
        #expect(buffer.withBytes { bytes in (0..<bytes.count).map { bytes[$0] } } == expected)
        // From 64 KiB to at least 300,000 bytes: 64, 128, 256, 512 KiB.
        #expect(capacities == [1 << 16, 1 << 17, 1 << 18, 1 << 19])
    }

    @Test func consumedBytesGoAndTheRestIsKept() {
        var buffer = ReadBuffer()
        buffer.append(Array("first line\nsecond".utf8).span)
        buffer.consume(11)
        #expect(buffer.withBytes { String(decodingUTF8: $0) } == "second")
        buffer.append(Array(" half".utf8).span)
        #expect(buffer.withBytes { String(decodingUTF8: $0) } == "second half")
        buffer.append(Array().span)
        #expect(buffer.withBytes { String(decodingUTF8: $0) } == "second half")
        buffer.consume(buffer.count)
        #expect(buffer.count == 0)
    }

    /// Consumed bytes at the front make room for a read without a new
    /// block when what is left is at most half of it.
    @Test func roomLeftByConsumedBytesIsUsedAgain() {
        var buffer = ReadBuffer()
        buffer.append(Array(repeating: 0x61, count: 60_000).span)
        buffer.consume(50_000)
        buffer.append(Array(repeating: 0x62, count: 30_000).span)
        #expect(buffer.capacity == 1 << 16)
        #expect(buffer.count == 40_000)
        #expect(buffer.withBytes { ($0[0], $0[9_999], $0[10_000], $0[39_999]) } == (0x61, 0x61, 0x62, 0x62))
    }

    /// An output span fills the room after the bytes kept, and only what
    /// it wrote counts.
    @Test func aFillKeepsOnlyWhatItWrote() {
        var buffer = ReadBuffer()
        buffer.append(Array("head:".utf8).span)
        let written = buffer.append(maxBytes: 100) { room in
            room.append(copying: Array("body".utf8).span)
        }
        #expect(written == 4)
        #expect(buffer.withBytes { String(decodingUTF8: $0) } == "head:body")
    }

    /// Reads from a descriptor go straight into the block, after the bytes
    /// kept, chunk after chunk until the end of the file.
    @Test func readsFromADescriptorLandAfterWhatIsKept() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("buffer-\(UUID().uuidString)").path
        let content = Array(repeating: Array("0123456789".utf8), count: 250_000).flatMap { $0 }
        try Data(content).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let file = try #require(FileHandle(forReadingAtPath: path))
        defer { try? file.close() }
        var buffer = ReadBuffer()
        buffer.append(Array("head:".utf8).span)
        while buffer.append(maxBytes: 1 << 16, { _ = FileDescriptorBytes.read(file.fileDescriptor, into: &$0) }) > 0 {}
        #expect(buffer.count == 5 + content.count)
        #expect(buffer.withBytes { bytes in (5..<bytes.count).map { bytes[$0] } } == content)
    }
}
