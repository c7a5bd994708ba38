import Foundation
import RawBytes
import Testing

/// Arrays of plain values written to a file and read back through their
/// bytes, at offsets, on a real file.
@Suite struct FileDescriptorRawSpanTests {
    static func temporaryFile() throws -> (fd: Int32, path: String) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rawbytes-\(UUID().uuidString)").path
        let fd = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
        try #require(fd >= 0)
        return (fd, path)
    }

    @Test func valuesWrittenAtAnOffsetAreReadBackWhole() throws {
        let (fd, path) = try Self.temporaryFile()
        defer {
            close(fd)
            unlink(path)
        }
        let values: [UInt64] = [0x0102_0304_0506_0708, .max, 0, 42]
        // Byte 8 on: the three last values, after 5 bytes of something else.
        #expect(FileDescriptorBytes.write(fd, Array("head!".utf8).span, atOffset: 0) == 5)
        #expect(FileDescriptorBytes.write(fd, values.span.bytes, 8..<32, atOffset: 5) == 24)
        var read = [UInt64](repeating: 7, count: 4)
        var span = read.mutableSpan
        var bytes = span.mutableBytes
        #expect(FileDescriptorBytes.read(fd, into: &bytes, 8..<32, atOffset: 5) == 24)
        #expect(read == [7, .max, 0, 42])
        // Past the end of the file: what there is, then nothing.
        var tail = [UInt32](repeating: 0, count: 4)
        var tailSpan = tail.mutableSpan
        var tailBytes = tailSpan.mutableBytes
        #expect(FileDescriptorBytes.read(fd, into: &tailBytes, 0..<16, atOffset: 21) == 8)
        #expect(FileDescriptorBytes.read(fd, into: &tailBytes, 0..<16, atOffset: 29) == 0)
        #expect(tail == [42, 0, 0, 0])
    }

    @Test func aRangePastTheValuesStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            var values = [UInt16](repeating: 0, count: 2)
            var span = values.mutableSpan
            var bytes = span.mutableBytes
            _ = FileDescriptorBytes.read(0, into: &bytes, 2..<5, atOffset: 0)
        }
        await #expect(processExitsWith: .failure) {
            let values = [UInt16](repeating: 0, count: 2)
            _ = FileDescriptorBytes.write(1, values.span.bytes, 0..<6, atOffset: 0)
        }
    }
}
