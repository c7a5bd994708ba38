import Foundation
import RawBytes
import Testing

/// The system calls behind the byte module's safe API, on real pipes, files
/// and folders.
@Suite struct SystemBytesTests {
    @Test func bytesWrittenToAPipeAreReadBackIntoARange() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer {
            close(ends[0])
            close(ends[1])
        }
        let text: [UInt8] = Array("0123456789".utf8)
        #expect(FileDescriptorBytes.write(ends[1], text, 2..<6) == 4)
        #expect(FileDescriptorBytes.write(ends[1], utf8: "héllo", from: 1) == 5)
        var buffer = [UInt8](repeating: 0, count: 12)
        #expect(FileDescriptorBytes.read(ends[0], into: &buffer, 1..<11) == 9)
        #expect(buffer == [0] + Array("2345".utf8) + Array("éllo".utf8) + [0, 0])
    }

    @Test func aFileIsReadFromAnOffsetWithoutMovingIt() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rawbytes-\(UUID().uuidString)").path
        try Data("abcdefghij".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let fd = open(path, O_RDONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 4)
        #expect(FileDescriptorBytes.read(fd, into: &buffer, atOffset: 6) == 4)
        #expect(buffer == Array("ghij".utf8))
        #expect(FileDescriptorBytes.read(fd, into: &buffer, 0..<2) == 2)
        #expect(buffer.prefix(2) == ArraySlice("ab".utf8))
        #expect(FileDescriptorBytes.read(fd, into: &buffer, atOffset: 10) == 0)
    }

    @Test func aRangeOutsideTheBufferStopsTheProcess() async {
        await #expect(processExitsWith: .failure) {
            var buffer = [UInt8](repeating: 0, count: 4)
            _ = FileDescriptorBytes.read(0, into: &buffer, 2..<6)
        }
    }

    @Test func aFolderListsEveryNameAsBytesUntilTold() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rawbytes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let names = ["a.kind.json", "b", "ü"]
        for name in names { try Data().write(to: folder.appendingPathComponent(name)) }
        let handle = try #require(opendir(folder.path))
        var seen: [[UInt8]] = []
        DirectoryEntries.forEachName(in: handle) { name in
            seen.append(name)
            return true
        }
        rewinddir(handle)
        var first = 0
        DirectoryEntries.forEachName(in: handle) { _ in
            first += 1
            return false
        }
        closedir(handle)
        #expect(Set(seen) == Set((names + [".", ".."]).map { Array($0.utf8) }))
        #expect(first == 1)
    }

    @Test func theBytesOfACArrayAreSetAndReadInPlace() {
        var array: (UInt8, UInt8, UInt8, UInt8) = (0x61, 0x62, 0, 0x63)
        #expect(CArrayBytes.bytesBeforeNUL(array) == [0x61, 0x62])
        CArrayBytes.set(2, of: &array, to: 0x7A)
        #expect(CArrayBytes.bytesBeforeNUL(array) == [0x61, 0x62, 0x7A, 0x63])
    }

    @Test func theEnvironmentHoldsWhatWasSet() {
        setenv("RAWBYTES_TEST_VARIABLE", "a=b ü", 1)
        defer { unsetenv("RAWBYTES_TEST_VARIABLE") }
        #expect(EnvironmentEntries.all().contains("RAWBYTES_TEST_VARIABLE=a=b ü"))
    }

    @Test func theArgumentsAreThoseAfterTheProgramsName() {
        #expect(
            CommandLineBytes.arguments().map { String(decoding: $0, as: UTF8.self) }
                == Array(CommandLine.arguments.dropFirst()))
    }
}
