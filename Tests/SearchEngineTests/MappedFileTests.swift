import Foundation
import ResultKit
import SearchEngine
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A regular file read in place through a mapping gives the very results,
/// diagnostics and counts of the same file copied block by block with
/// `pread`: for blocks of any size (down to one byte), with lines that run
/// past a block's end, over-long lines across several blocks, CRLF, blank
/// lines, no final newline, and files that end at a page boundary.
@Suite struct MappedFileTests {
    static let cap = ReadingRoutesPropertyTests.cap

    /// Searches `path` in blocks, read as `reading` says.
    static func search(
        _ query: String, path: String, blockSize: Int, workers: Int, reading: BlockReading
    ) throws -> ReadingRoutesPropertyTests.Outcome {
        let registry = try KindRegistry([noteKind()])
        var session = SearchSession(
            registry: registry, query: try QueryParser().parse(query), options: SearchOptions(limit: 1000))
        var diagnostics = PrintedDiagnostics()
        session.searchNDJSONFile(
            path: path, hint: nil, sourceIndex: 1, maxLineBytes: cap, workers: workers, blockSize: blockSize,
            reading: reading
        ) { diagnostics.add($0) }
        let result = session.finish()
        return ReadingRoutesPropertyTests.Outcome(
            hits: result.hits.map { "\($0.row.name) @\($0.record.location.line)" },
            diagnostics: diagnostics.lines,
            statistics: "\(result.statistics)")
    }

    /// Files made to break the mapped read: each shape of line end, and
    /// over-long lines where a block ends.
    static let hostileFiles: [(name: String, bytes: [UInt8])] = {
        let long = Array(#"{"kind":"note","name":"tea long","body":""#.utf8) + Array(repeating: 0x78, count: 2 * cap)
        let atCap: [UInt8] = {
            let head = Array(#"{"kind":"note","name":"tea edge","body":""#.utf8)
            return head + Array(repeating: 0x79, count: cap - head.count - 2) + Array(#""}"#.utf8)
        }()
        let note = { (index: Int) in Array(#"{"kind":"note","name":"tea \#(index)"}"#.utf8) }
        var files: [(String, [UInt8])] = []
        files.append(("one line without a newline", note(1)))
        files.append(("newlines only", Array(repeating: 0x0A, count: 9)))
        files.append(("CRLF blank lines", Array("\r\n\r\n".utf8) + note(1) + Array("\r\n\r\n  \r\n".utf8) + note(2)))
        files.append(("a lone CR at the end", note(1) + [0x0A] + note(2) + [0x0D]))
        files.append(("only an over-long line", long + Array(#""}"#.utf8)))
        files.append(("an over-long last line", note(1) + [0x0A] + long))
        files.append(("at the cap, with CRLF", atCap + [0x0D, 0x0A] + atCap + [0x0D, 0x0A] + note(3)))
        var mixed: [UInt8] = []
        for index in 0..<24 {
            switch index % 6 {
            case 1: mixed += long + Array(#""}"#.utf8)
            case 3: mixed += atCap
            case 4: mixed += []
            default: mixed += note(index)
            }
            mixed += index % 2 == 0 ? [0x0A] : [0x0D, 0x0A]
        }
        files.append(("mixed", mixed))
        // Two pages exactly, the last line unterminated or over-long: the
        // mapping ends where the file does.
        for last in [note(99), long] {
            var paged: [UInt8] = []
            var index = 0
            while paged.count + last.count + 60 < 8192 {
                paged += note(index) + [0x0A]
                index += 1
            }
            paged += Array(repeating: 0x20, count: 8192 - paged.count - last.count - 1) + [0x0A] + last
            paged = Array(paged.prefix(8192))
            files.append(("two pages, ending in \(last.count) bytes", paged))
        }
        return files
    }()

    @Test(arguments: 0..<hostileFiles.count)
    func aHostileFileReadsTheSameMappedAndCopied(index: Int) throws {
        let (name, bytes) = Self.hostileFiles[index]
        let path = try Self.write(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        for blockSize in [1, 2, 3, 7, 64, Self.cap, Self.cap + 1, Self.cap + 2, 4096, 1 << 16] {
            for query in ["tea", ""] {
                let copied = try Self.search(query, path: path, blockSize: blockSize, workers: 2, reading: .copied)
                let mapped = try Self.search(query, path: path, blockSize: blockSize, workers: 2, reading: .mapped)
                #expect(mapped == copied, "\(name), blocks of \(blockSize), query \(query)")
            }
        }
    }

    @Test(arguments: 0..<16)
    func aRandomFileReadsTheSameMappedAndCopied(seed: Int) throws {
        let bytes = ReadingRoutesPropertyTests.randomFile(seed: UInt64(1000 + seed))
        let path = try Self.write(bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let query = ["tea", "", "coffee -green", "planet", "long"][seed % 5]
        for blockSize in [5, 37, 256, 1000, 1 << 16] {
            let workers = 1 + seed % 3
            let copied = try Self.search(query, path: path, blockSize: blockSize, workers: workers, reading: .copied)
            let mapped = try Self.search(query, path: path, blockSize: blockSize, workers: workers, reading: .mapped)
            #expect(mapped == copied, "seed \(seed), blocks of \(blockSize)")
        }
    }

    /// The mapped route maps a regular file, and only that: an empty file
    /// or a pipe is left to `pread`.
    @Test func onlyARegularFileWithBytesIsMapped() throws {
        let bytes = Array("{\"kind\":\"note\",\"name\":\"tea\"}\n".utf8)
        let path = try Self.write(bytes)
        let empty = try Self.write([])
        defer {
            try? FileManager.default.removeItem(atPath: path)
            try? FileManager.default.removeItem(atPath: empty)
        }
        func mapping(_ path: String) -> [UInt8]? {
            let fd = open(path, O_RDONLY | O_NONBLOCK)
            guard fd >= 0 else { return nil }
            defer { close(fd) }
            var info = stat()
            guard fstat(fd, &info) == 0,
                let file = MappedFile(
                    fd: fd, size: Int(info.st_size), isRegularFile: info.st_mode & S_IFMT == S_IFREG, path: path,
                    unguarded: true)
            else { return nil }
            defer { file.unmap() }
            file.release(0..<file.count)
            return file.withBytes { bytes in (0..<bytes.count).map { bytes[$0] } }
        }
        #expect(mapping(path) == bytes, "read again after its pages were given back")
        #expect(mapping(empty) == nil)
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("fifo-\(UUID().uuidString)").path
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { try? FileManager.default.removeItem(atPath: fifo) }
        #expect(mapping(fifo) == nil)
    }

    static func write(_ bytes: [UInt8]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("mapped-\(UUID().uuidString).jsonl")
            .path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }
}
