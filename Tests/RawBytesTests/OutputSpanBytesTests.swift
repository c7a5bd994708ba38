import Foundation
import RawBytes
import Testing

/// The byte module's writes into the free room of an `OutputSpan`: what
/// was written counts, nothing past it, and never more than the room.
@Suite struct OutputSpanBytesTests {
    @Test func aPipeIsReadIntoTheRoomLeftWithinTheCap() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        #expect(FileDescriptorBytes.write(ends[1], Array("0123456789".utf8)) == 10)
        close(ends[1])
        var bytes: [UInt8] = Array("ab".utf8)
        var results: [Int] = []
        // The cap stops the first read; the room the second; the end gives 0.
        bytes.append(addingCapacity: 8) { output in
            results.append(FileDescriptorBytes.read(ends[0], into: &output, maxBytes: 3))
            results.append(FileDescriptorBytes.read(ends[0], into: &output))
            results.append(FileDescriptorBytes.read(ends[0], into: &output))
        }
        #expect(results == [3, 5, 0])
        #expect(bytes == Array("ab01234567".utf8))
        bytes.append(addingCapacity: 4) { output in
            results = [FileDescriptorBytes.read(ends[0], into: &output), FileDescriptorBytes.read(-1, into: &output)]
        }
        #expect(results == [2, -1])
        #expect(bytes == Array("ab0123456789".utf8))
    }

    @Test func bytesAreCopiedIntoTheRoom() {
        let source: [UInt8] = Array(0..<20)
        let copied = [UInt8](capacity: 25) { output in
            output.append(copying: source.span.extracting(5..<15))
            output.append(copying: source.span.extracting(0..<0))
            output.append(copying: source.span.extracting(18..<20))
        }
        #expect(copied == Array(5..<15) + [18, 19])
    }

    @Test func moreBytesThanTheRoomStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            let source: [UInt8] = Array(repeating: 1, count: 9)
            _ = [UInt8](capacity: 8) { output in output.append(copying: source.span) }
        }
    }
}
