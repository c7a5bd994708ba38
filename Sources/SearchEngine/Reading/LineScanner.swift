#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Splits bytes into lines at `\n`, dropping a `\r` before it, and counts
/// lines from 1. Lines are handed out as buffer slices: nothing is copied.
enum LineScanner {
    /// Calls `body` with each complete line of `bytes` and its number, starting
    /// at `firstLine`. Returns how many bytes were consumed (up to and
    /// including the last `\n`), so a caller can keep the unfinished tail.
    ///
    /// `skip` is asked first at each line's start (its offset in `bytes`):
    /// it may settle whole lines there itself, and says how many bytes
    /// (each line with its `\n`) and lines it took; `body` is not called
    /// for those.
    @inline(__always)
    static func forEachLine(
        in bytes: UnsafeRawBufferPointer,
        firstLine: Int,
        includeUnterminatedTail: Bool,
        skipping skip: (Int) -> (bytes: Int, lines: Int) = { _ in (0, 0) },
        _ body: (UnsafeRawBufferPointer, Int) -> Void
    ) -> (consumed: Int, lines: Int) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return (0, 0) }
        var start = 0
        var line = firstLine
        while start < bytes.count {
            let skipped = skip(start)
            if skipped.lines > 0 {
                start += skipped.bytes
                line += skipped.lines
                continue
            }
            guard let (content, next) = nextLine(in: bytes, from: start) else { break }
            body(content, line)
            line += 1
            start = next
        }
        if includeUnterminatedTail && start < bytes.count {
            body(trimmingCR(UnsafeRawBufferPointer(start: base + start, count: bytes.count - start)), line)
            line += 1
            start = bytes.count
        }
        return (start, line - firstLine)
    }

    /// The complete line that starts at `start` of `bytes`, without its
    /// `\n` (and a `\r` before it), and where the next line starts; `nil`
    /// when no `\n` ends it within `bytes`.
    @inline(__always)
    static func nextLine(in bytes: UnsafeRawBufferPointer, from start: Int) -> (
        line: UnsafeRawBufferPointer, next: Int
    )? {
        guard start < bytes.count, let base = bytes.baseAddress,
            let hit = memchr(base + start, 0x0A, bytes.count &- start)
        else { return nil }
        let end = UnsafeRawPointer(hit) - base
        var length = end &- start
        if length > 0, base.load(fromByteOffset: end &- 1, as: UInt8.self) == 0x0D { length &-= 1 }
        return (UnsafeRawBufferPointer(start: base + start, count: length), end &+ 1)
    }

    private static func trimmingCR(_ line: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        if let last = line.last, last == 0x0D, let base = line.baseAddress {
            return UnsafeRawBufferPointer(start: base, count: line.count - 1)
        }
        return line
    }

    private static func memchrNewline(_ start: UnsafeRawPointer, _ count: Int) -> UnsafeRawPointer? {
        memchr(start, 0x0A, count).map { UnsafeRawPointer($0) }
    }
}
