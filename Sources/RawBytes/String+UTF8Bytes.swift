extension String {
    /// Calls `body` with the UTF-8 of the string: its own bytes, read in
    /// place, when it holds them in one piece (native strings, every string
    /// on Linux), else a copy.
    ///
    /// `utf8.span` gives the same view through a call the compiler cannot
    /// inline (about ten instructions); this one retains and releases a
    /// string of more than 15 bytes around `body`, and a `body` that the
    /// optimiser leaves out of line costs a call too. Which is cheaper
    /// depends on the caller: measure (the table reads a cell's bytes
    /// through `utf8.span`, a string written whole through this).
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
