import Foundation
import Synchronization
import TestSupport
import Testing

@testable import ProcessMemory

@Suite("ProcessMemory")
struct ProcessMemoryTests {
    /// Runs `body` on a thread of its own (and so, in glibc, with an
    /// allocator arena other than the main thread's).
    static func onNewThread<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
        let result = Mutex<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            result.withLock { $0 = body() }
            done.signal()
        }
        thread.start()
        done.wait()
        return result.withLock { $0! }
    }

    @Test("reads mappings as /proc/self/maps lists them")
    func parsesMaps() {
        let text = """
            55942fabe000-55942fb00000 rw-p 00000000 00:00 0                          [heap]
            7f1000000000-7f1000021000 rw-p 00000000 00:00 0 
            7f1000021000-7f1004000000 ---p 00000000 00:00 0 
            7f1004000000-7f1004001000 r--p 00000000 08:01 1234                       /usr/lib/libc.so.6
            not a mapping
            """
        let map = MemoryMap(text: Array(text.utf8))
        #expect(
            map.mappings == [
                .init(start: 0x5594_2fab_e000, end: 0x5594_2fb0_0000, isAnonymous: false),
                .init(start: 0x7f10_0000_0000, end: 0x7f10_0002_1000, isAnonymous: true),
                .init(start: 0x7f10_0002_1000, end: 0x7f10_0400_0000, isAnonymous: true),
                .init(start: 0x7f10_0400_0000, end: 0x7f10_0400_1000, isAnonymous: false),
            ])
        // A glibc thread heap: written part and reserve, 64 MiB together.
        #expect(map.isAnonymous(from: 0x7f10_0000_0000, count: 64 << 20))
        // Past it lies a file; before it, nothing is mapped.
        #expect(!map.isAnonymous(from: 0x7f10_0000_0000, count: (64 << 20) + 4096))
        #expect(!map.isAnonymous(from: 0x7f0f_ffff_f000, count: 8192))
        #expect(!map.isAnonymous(from: 0x5594_2fab_e000, count: 4096))
    }

    @Test("a worker thread's heap is advised to use huge pages, once tuned")
    func threadHeapAdvised() throws {
        #if os(Linux)
            ProcessMemory.tuneForOneSearch()
            let address = Self.onNewThread { () -> UInt in
                ProcessMemory.adviseHugePagesForThisThread()
                let block = malloc(1 << 10)!
                defer { free(block) }
                return UInt(bitPattern: block)
            }
            let flags = try ProcessMappings.flags(at: address)
            #expect(!flags.isEmpty, "no mapping holds \(String(address, radix: 16))")
            #expect(flags.contains("hg"), "flags: \(flags)")
        #endif
    }

    @Test("current() reads this process's mappings, its own code among them")
    func readsOwnMappings() throws {
        let map = try #require(MemoryMap.current())
        #expect(map.mappings.count > 5)
        #expect(zip(map.mappings, map.mappings.dropFirst()).allSatisfy { $0.end <= $1.start })
        typealias Malloc = @convention(c) (Int) -> UnsafeMutableRawPointer?
        let code = UInt(bitPattern: unsafeBitCast(malloc as Malloc, to: Int.self))
        #expect(map.mappings.contains { $0.start <= code && code < $0.end && !$0.isAnonymous })
    }
}
