extension String {
    /// Calls `body` with the UTF-8 of the string: its own bytes, read in
    /// place, when it holds them in one piece (native strings, every string
    /// on Linux), else a copy.
    ///
    /// For hot loops over many short strings: `utf8.span` gives the same
    /// view, but through a call the compiler cannot inline, which costs
    /// more than reading a short cell's bytes.
    @inlinable @inline(__always)
    package func withUTF8Bytes<Result>(_ body: (Span<UInt8>) -> Result) -> Result {
        // The buffer lives for the call, and the span lent to `body` cannot outlive it.
        if let result = unsafe utf8.withContiguousStorageIfAvailable({ unsafe body($0.span) }) { return result }
        return body(Array(utf8).span)
    }
}

extension Substring {
    /// Calls `body` with the UTF-8 of the substring, as
    /// ``Swift/String/withUTF8Bytes(_:)`` does for a string.
    @inlinable @inline(__always)
    package func withUTF8Bytes<Result>(_ body: (Span<UInt8>) -> Result) -> Result {
        if let result = unsafe utf8.withContiguousStorageIfAvailable({ unsafe body($0.span) }) { return result }
        return body(Array(utf8).span)
    }
}
