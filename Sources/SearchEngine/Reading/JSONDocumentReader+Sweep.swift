import RawBytes
import ResultKit

extension JSONDocumentReader {
    /// Hands over, in one pass over the bytes read, each element of the
    /// records' array that lies wholly among them, from `position` (after
    /// the `[`, or after an element when not `first`).
    ///
    /// This is the reader's hot loop: an array of a million records goes
    /// through it with no call per byte and no access to the reader's state
    /// per element. It stops, leaving the rest to the general scan, at the
    /// end of the bytes read, at anything it does not expect (a missing
    /// comma, a trailing one, brackets that do not match), and at an element
    /// nested deeper than it tracks or longer than the cap.
    /// - Returns: Where it stopped and whether an element was handed over
    ///   before it; or, when the array ended, where.
    func sweepElements(from position: Int, first: Bool) -> (position: Int, first: Bool, arrayEnd: Int?) {
        guard let element = handlers?.element else { return (position, first, nil) }
        let base = base
        let file = file
        let maxElementBytes = maxElementBytes
        var line = line
        var lineStart = lineStart
        var counted = counted
        var first = first
        var stop = position
        var arrayEnd: Int?
        buffer.withBytes { bytes in
            let count = bytes.count
            var index = position - base
            while true {
                var next = Self.skipSpace(bytes, from: index)
                guard next < count else { return }
                if bytes[next] == UInt8(ascii: "]") {
                    arrayEnd = base + next + 1
                    stop = arrayEnd!
                    return
                }
                if !first {
                    guard bytes[next] == UInt8(ascii: ",") else { return }
                    next = Self.skipSpace(bytes, from: next + 1)
                    guard next < count, bytes[next] != UInt8(ascii: "]") else { return }
                }
                guard let end = Self.valueEnd(bytes, from: next), end - next <= maxElementBytes else {
                    return
                }
                // The lines before the element, counted once.
                var from = counted - base
                while from < next, let hit = bytes.firstIndex(of: 0x0A, in: from..<next) {
                    from = hit + 1
                    line += 1
                    lineStart = base + from
                }
                counted = base + next
                let spansLines = bytes.contains(0x0A, in: next..<end)
                element(
                    bytes.extracting(next..<end),
                    SourceLocation(file: file, line: line, column: base + next - lineStart + 1), spansLines)
                first = false
                index = end
                stop = base + end
            }
        }
        if stop > position || arrayEnd != nil {
            readAny = readAny || !first
            self.line = line
            self.lineStart = lineStart
            self.counted = counted
            if arrayEnd == nil { consume(upTo: stop) }
        }
        return (stop, first, arrayEnd)
    }

    /// Whether `bytes` are exactly one JSON value whose brackets match (an
    /// object, as the array of a line per element holds), nothing after it.
    static func objectSpans(_ bytes: Span<UInt8>) -> Bool {
        !bytes.isEmpty && valueEnd(bytes, from: 0) == bytes.count
    }

    /// The first offset from `index` that is not JSON white space, or the
    /// end of `bytes`.
    @inline(__always)
    private static func skipSpace(_ bytes: Span<UInt8>, from index: Int) -> Int {
        let count = bytes.count
        var index = index
        while index < count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return index
            }
        }
        return count
    }

    /// Where the value starting at `index` ends, when it ends among
    /// `bytes` and its brackets match, at most 64 deep; else `nil`.
    @inline(__always)
    private static func valueEnd(_ bytes: Span<UInt8>, from index: Int) -> Int? {
        let count = bytes.count
        var index = index
        // One bit per open bracket: 1 for `[`, 0 for `{`.
        var stack: UInt64 = 0
        var depth = 0
        while index < count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                guard let close = stringEnd(bytes, from: index + 1) else { return nil }
                index = close
                if depth == 0 { return index }
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard depth < 64 else { return nil }
                stack = stack << 1 | (byte == UInt8(ascii: "[") ? 1 : 0)
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard depth > 0, stack & 1 == (byte == UInt8(ascii: "]") ? 1 : 0) else { return nil }
                stack >>= 1
                depth -= 1
                if depth == 0 { return index + 1 }
            case UInt8(ascii: ","), 0x20, 0x09, 0x0A, 0x0D:
                // The end of a number or a literal at the top.
                if depth == 0 { return index }
            default:
                break
            }
            index += 1
        }
        return nil
    }

    /// The offset just past the quote that closes the string whose content
    /// starts at `index`, or `nil` when it does not close among the bytes.
    @inline(__always)
    private static func stringEnd(_ bytes: Span<UInt8>, from index: Int) -> Int? {
        let count = bytes.count
        var index = index
        // Most strings of records are short (keys, codes, names): read them
        // here; a call to find the quote costs more than their bytes.
        let near = min(count, index + 32)
        while index < near {
            switch bytes[index] {
            case UInt8(ascii: "\""): return index + 1
            case UInt8(ascii: "\\"): index += 2
            default: index += 1
            }
        }
        if index > count { return nil }
        while index < count, let quote = bytes.firstIndex(of: UInt8(ascii: "\""), in: index..<count) {
            // An odd run of backslashes before it escapes it.
            var back = quote - 1
            while back >= index, bytes[back] == UInt8(ascii: "\\") { back -= 1 }
            if (quote - 1 - back) % 2 == 0 { return quote + 1 }
            index = quote + 1
        }
        return nil
    }
}
