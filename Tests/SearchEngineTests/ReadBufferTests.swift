import Foundation
import Testing

@testable import SearchEngine

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
            bytes.withUnsafeBytes { buffer.append($0) }
            if capacities.last != buffer.capacity { capacities.append(buffer.capacity) }
        }
        #expect(buffer.count == 300_000)
        #expect(buffer.withUnsafeBytes { Array($0) } == expected)
        // From 64 KiB to at least 300,000 bytes: 64, 128, 256, 512 KiB.
        #expect(capacities == [1 << 16, 1 << 17, 1 << 18, 1 << 19])
    }

    @Test func consumedBytesGoAndTheRestIsKept() {
        var buffer = ReadBuffer()
        Array("first line\nsecond".utf8).withUnsafeBytes { buffer.append($0) }
        buffer.consume(11)
        #expect(buffer.withUnsafeBytes { String(decoding: $0, as: UTF8.self) } == "second")
        Array(" half".utf8).withUnsafeBytes { buffer.append($0) }
        #expect(buffer.withUnsafeBytes { String(decoding: $0, as: UTF8.self) } == "second half")
        buffer.consume(buffer.count)
        #expect(buffer.count == 0)
    }

    /// A read goes straight into the block, after the bytes kept.
    @Test func readsFromADescriptorLandAfterWhatIsKept() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("buffer-\(UUID().uuidString)").path
        let content = Array(repeating: Array("0123456789".utf8), count: 250_000).flatMap { $0 }
        try Data(content).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let reader = try ByteReader(path: path)
        var buffer = ReadBuffer()
        Array("head:".utf8).withUnsafeBytes { buffer.append($0) }
        while try reader.readChunk(into: &buffer) > 0 {}
        #expect(buffer.count == 5 + content.count)
        #expect(buffer.withUnsafeBytes { Array($0.dropFirst(5)) } == content)
    }
}
