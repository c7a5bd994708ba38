import Foundation
import RawBytes
import TestSupport
import Testing

/// The byte module's memory advice and allocator settings, on real mappings
/// of this process, as `/proc/self/smaps` lists them.
@Suite struct MemoryAdviceTests {
    static var kernelHasHugePages: Bool {
        FileManager.default.fileExists(atPath: "/sys/kernel/mm/transparent_hugepage/enabled")
    }

    @Test(.enabled(if: kernelHasHugePages))
    func aMappedRangeIsAdvisedAndOnlyIt() throws {
        let size = 4 << 20
        let mapping = try #require(
            mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0), "mmap")
        try #require(mapping != MAP_FAILED)
        defer { munmap(mapping, size) }
        let start = UInt(bitPattern: mapping)
        let page = UInt(sysconf(Int32(_SC_PAGESIZE)))
        #expect(try !ProcessMappings.flags(at: start).contains("hg"))
        // The second half: the kernel splits the mapping where the advice starts.
        #expect(MemoryAdvice.adviseHugePages(at: start + UInt(size / 2), count: size / 2))
        #expect(try ProcessMappings.flags(at: start + UInt(size / 2)).contains("hg"))
        #expect(try !ProcessMappings.flags(at: start).contains("hg"))
        // Refused: an address inside a page, and a range past the mapping's end once it is gone.
        #expect(!MemoryAdvice.adviseHugePages(at: start + 1, count: Int(page)))
        munmap(mapping, size)
        #expect(!MemoryAdvice.adviseHugePages(at: start, count: size))
        _ = mmap(mapping, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0)
    }

    @Test func aSmallAllocationIsInTheHeapAndTheBreakIsItsEnd() {
        let address = MemoryAdvice.addressOfASmallAllocation()
        #expect(address != 0)
        #expect(address % 16 == 0)
        #expect(MemoryAdvice.programBreak() != 0)
    }

    #if canImport(Glibc)
        @Test func glibcsAllocatorIsFoundAndTakesAnOption() {
            #expect(AllocatorControl.setOption(-2, to: 128 << 10) == true)  // M_TOP_PAD
            #expect(AllocatorControl.releaseFreedMemory() != nil)
            #expect(AllocatorControl.allocateAndFree(byteCount: 1 << 20))
        }

    #endif
}
