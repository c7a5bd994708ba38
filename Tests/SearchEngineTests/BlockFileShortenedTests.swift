import Foundation
import ResultKit
import Testing

@testable import SearchEngine

#if canImport(Glibc)
    import Glibc
#endif

/// A file read with `pread` that gets shorter after its size was taken: each
/// block's read ends, with an error saying so where the bytes ran out, and
/// never waits for bytes that will not come (the read of a last line past
/// the new end once asked again for them for ever).
@Suite struct BlockFileShortenedTests {
    /// Lines of 24 bytes and a last one cut short; the size given claims
    /// `missing` more bytes than the file holds.
    @Test(arguments: [(blockSize: 7, missing: 1), (64, 10), (100, 5000), (1 << 16, 1)])
    func aReadPastTheNewEndEndsWithAnError(blockSize: Int, missing: Int) throws {
        var text = ""
        for index in 0..<20 { text += #"{"name":"tea \#(index + 10)"}"# + "\n" }
        text += #"{"name":"cut"#
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("short-\(UUID().uuidString)").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fd = open(path, O_RDONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        let actual = text.utf8.count
        for (size, isShort) in [(actual, false), (actual + missing, true)] {
            let file = BlockFile(fd: fd, size: size, blockSize: blockSize, maxLineBytes: 1 << 20, mapping: nil)
            var failures: [String] = []
            var buffer: [UInt8] = []
            for block in 0..<(size + blockSize - 1) / blockSize {
                let outcome = file.read(block: block, reusing: &buffer)
                if let failure = outcome.failure { failures.append(failure.message) }
                buffer = outcome.buffer
            }
            if isShort {
                #expect(!failures.isEmpty, "blocks of \(blockSize), \(missing) bytes missing")
                #expect(failures.allSatisfy { $0 == "cannot read the file: it got shorter while it was read" })
            } else {
                #expect(failures.isEmpty)
            }
        }
    }
}
