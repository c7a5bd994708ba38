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

    /// A file made shorter under its mapping: the read of a page past its
    /// new end faults, and the handler ends the process with the message
    /// and the status it was given, rather than let `SIGBUS` kill it. The
    /// handler's place is still free once it is installed (installing it
    /// once overwrote the place's flag, and no region could be watched).
    @Test(arguments: [1, 2])
    func aFaultInTheWatchedRegionEndsTheProcessWithItsMessage(pageRead: Int) async {
        let result = await #expect(processExitsWith: .exitCode(7), observing: [\.standardErrorContent]) { [pageRead] in
            // A handler there before, as the Swift runtime's crash handler
            // is in a program: the old action the install reads back is a
            // whole one.
            signal(SIGBUS, SIG_DFL)
            MappedRegionFaults.install(exitStatus: 7)
            guard MappedRegionFaults.isInstalled, MappedRegionFaults.claim() else { exit(3) }
            let page = MappedRegion.pageSize
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("region-\(UUID().uuidString)")
                .path
            guard (try? Data(repeating: 0x61, count: 3 * page).write(to: URL(fileURLWithPath: path))) != nil
            else { exit(4) }
            let fd = open(path, O_RDONLY)
            guard fd >= 0, let region = MappedRegion(fd: fd, count: 3 * page) else { exit(5) }
            MappedRegionFaults.watch(region, message: "error: the file got shorter\n")
            // The first page stays; the second and third are gone.
            guard truncate(path, off_t(page / 2)) == 0 else { exit(6) }
            unlink(path)
            let byte = region.withBytes { bytes in bytes[pageRead * page + 1] }
            print(byte)
            exit(0)
        }
        #expect(String(decoding: result?.standardErrorContent ?? [], as: UTF8.self) == "error: the file got shorter\n")
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
