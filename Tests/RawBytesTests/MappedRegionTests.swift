import Foundation
import RawBytes
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A file mapped read-only: its bytes as a span, pages given back and read
/// again, and what cannot be mapped.
@Suite struct MappedRegionTests {
    static func temporaryFile(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("region-\(UUID().uuidString)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Files of one byte, of a page and a byte either side of one, and of
    /// several pages read the same through the mapping, before and after
    /// their pages are given back.
    @Test(arguments: [1, 4095, 4096, 4097, 3 * 4096 + 17])
    func aMappedFileReadsAsWritten(size: Int) throws {
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        let path = try Self.temporaryFile(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fd = open(path, O_RDONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        let region = try #require(MappedRegion(fd: fd, count: size))
        defer { region.unmap() }
        #expect(region.count == size)
        let read = { region.withBytes { span in (0..<span.count).map { span[$0] } } }
        #expect(read() == bytes)
        region.release(0..<size)
        region.release(size / 2..<size)
        region.release(0..<0)
        #expect(read() == bytes, "read again after its pages were given back")
        let addresses = region.addresses
        #expect(addresses.count == size)
        #expect(addresses.lowerBound % UInt(MappedRegion.pageSize) == 0)
    }

    @Test func nothingOrAPipeIsNotMapped() throws {
        let path = try Self.temporaryFile([])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fd = open(path, O_RDONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        #expect(MappedRegion(fd: fd, count: 0) == nil)
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer {
            close(ends[0])
            close(ends[1])
        }
        #expect(MappedRegion(fd: ends[0], count: 4096) == nil)
        #expect(MappedRegion(fd: -1, count: 4096) == nil)
    }

    @Test func givingBackARangeOutsideTheRegionStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("region-\(UUID().uuidString)")
                .path
            try? Data("abc".utf8).write(to: URL(fileURLWithPath: path))
            defer { try? FileManager.default.removeItem(atPath: path) }
            let fd = open(path, O_RDONLY)
            MappedRegion(fd: fd, count: 3)?.release(0..<4)
        }
    }

    /// The fault handler's one place: claimed once until given back.
    @Test func theFaultHandlerWatchesOneRegionAtATime() {
        #expect(MappedRegionFaults.claim())
        #expect(!MappedRegionFaults.claim())
        MappedRegionFaults.release()
        #expect(MappedRegionFaults.claim())
        MappedRegionFaults.release()
    }
}
