import RawBytes

/// Splits bytes into lines at `\n`, dropping a `\r` before it, and counts
/// lines from 1. Lines are handed out as parts of the bytes' span: nothing
/// is copied.
enum LineScanner {
    /// Calls `body` with each complete line of `bytes` and its number, starting
    /// at `firstLine`. Returns how many bytes were consumed (up to and
    /// including the last `\n`), so a caller can keep the unfinished tail.
    ///
    /// `skip` is asked first at each line's start (its offset in `bytes`):
    /// it may settle whole lines there itself, and says how many bytes
    /// (each line with its `\n`) and lines it took; `body` is not called
    /// for those. `body` gets each line as the range of `bytes` it spans.
    @inline(__always)
    static func forEachLine(
        in bytes: Span<UInt8>,
        firstLine: Int,
        includeUnterminatedTail: Bool,
        skipping skip: (Int) -> (bytes: Int, lines: Int) = { _ in (0, 0) },
        _ body: (Range<Int>, Int) -> Void
    ) -> (consumed: Int, lines: Int) {
        let count = bytes.count
        var start = 0
        var line = firstLine
        while start < count {
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
        if includeUnterminatedTail && start < count {
            var end = count
            if bytes[end &- 1] == 0x0D { end &-= 1 }
            body(start..<end, line)
            line += 1
            start = count
        }
        return (start, line - firstLine)
    }

    /// The range of the complete line that starts at `start` of `bytes`,
    /// without its `\n` (and a `\r` before it), and where the next line
    /// starts; `nil` when no `\n` ends it within `bytes`.
    @inline(__always)
    static func nextLine(in bytes: Span<UInt8>, from start: Int) -> (line: Range<Int>, next: Int)? {
        guard start < bytes.count, let end = bytes.firstIndex(of: 0x0A, in: start..<bytes.count) else { return nil }
        var lineEnd = end
        if lineEnd > start, bytes[lineEnd &- 1] == 0x0D { lineEnd &-= 1 }
        return (start..<lineEnd, end &+ 1)
    }
}
