import RawBytes
import ResultKit
import SearchEngine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Some lines of a file that is not held, read again where an earlier
/// search of the whole file found them matching, as a source for a narrower
/// query: each goes to the sink as the reader would hand it over, with its
/// line number, so that what matches is what a search of the whole file
/// finds among those lines.
struct FileLinesSource: SearchSource {
    /// The file's name in messages and locations, and its path.
    let displayName: String
    let path: String
    /// The kind of its records that name none.
    let hint: String?
    /// The lines to read, in file order.
    let lines: [MatchedLines.Line]
    /// Whether to stop: checked every few hundred lines.
    let isCancelled: @Sendable () -> Bool
    /// Called when the search is over with the lines that matched, in file
    /// order, and whether every line was read.
    let report: @Sendable ([MatchedLines.Line], Bool) -> Void

    /// Bytes read at a time: neighbouring lines come in one read.
    static let window = 256 << 10

    func search(into sink: inout RecordSink) {
        let fd = open(FilePathBytes.cString(path), O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return report([], false) }
        defer { close(fd) }
        let file = displayName
        var buffer = [UInt8](repeating: 0, count: Self.window)
        // The file bytes `bufferStart..<bufferStart + bufferCount` are in `buffer`.
        var bufferStart = 0
        var bufferCount = 0
        var matched: [MatchedLines.Line] = []
        for (index, line) in lines.enumerated() {
            if index & 255 == 255, isCancelled() { return report(matched, false) }
            if line.offset < bufferStart || line.offset + line.length > bufferStart + bufferCount {
                // Read this line and the next ones that lie within a window of
                // it, and no more: a few lines far apart cost a read each.
                var end = line.offset + line.length
                var next = index + 1
                while next < lines.count, lines[next].offset + lines[next].length - line.offset <= Self.window {
                    end = max(end, lines[next].offset + lines[next].length)
                    next += 1
                }
                let span = end - line.offset
                if buffer.count < span { buffer = [UInt8](repeating: 0, count: span) }
                let count = FileDescriptorBytes.read(fd, into: &buffer, 0..<span, atOffset: line.offset)
                guard count >= line.length else { return report(matched, false) }
                bufferStart = line.offset
                bufferCount = count
            }
            let before = sink.statistics.matched
            let start = line.offset - bufferStart
            sink.consider(
                ndjson: buffer.span.extracting(start..<start + line.length), number: line.number, file: file,
                hint: hint)
            if sink.statistics.matched > before { matched.append(line) }
        }
        report(matched, true)
    }
}

/// When a file was last changed, and its size: lines found in it are read
/// again only while it is unchanged.
struct FileStamp: Equatable, Sendable {
    var size: Int
    var seconds: Int
    var nanoseconds: Int
    var inode: UInt

    init?(path: String) {
        var info = stat()
        guard stat(FilePathBytes.cString(path), &info) == 0 else { return nil }
        size = Int(info.st_size)
        seconds = Int(info.st_mtim.tv_sec)
        nanoseconds = Int(info.st_mtim.tv_nsec)
        inode = UInt(info.st_ino)
    }
}
