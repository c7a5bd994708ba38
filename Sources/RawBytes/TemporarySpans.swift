/// Scratch memory for the length of one call, seen through a span: on the
/// stack when it is small, as `withUnsafeTemporaryAllocation` places it, so
/// that a walk needing a table or a buffer per text allocates nothing.
///
/// The span cannot outlive the call, and every access is bounds-checked.
package enum TemporarySpans {
    /// Calls `body` with `count` elements, each `value`, that it may read
    /// and change.
    @_alwaysEmitIntoClient @inline(__always)
    package static func withMutableSpan<Element: BitwiseCopyable, Result>(
        of value: Element, count: Int, _ body: (inout MutableSpan<Element>) -> Result
    ) -> Result {
        precondition(count >= 0, "a negative count")
        return unsafe withUnsafeTemporaryAllocation(of: Element.self, capacity: count) { buffer in
            // The allocation holds exactly `count` elements, all initialised here; nothing else sees it.
            unsafe buffer.initialize(repeating: value)
            var span = unsafe buffer.mutableSpan
            return body(&span)
        }
    }

    /// Calls `body` with room for `capacity` elements, none yet there, that
    /// it appends to and may then read through `OutputSpan.span`.
    @_alwaysEmitIntoClient @inline(__always)
    package static func withOutputSpan<Element: BitwiseCopyable, Result>(
        of type: Element.Type, capacity: Int, _ body: (inout OutputSpan<Element>) -> Result
    ) -> Result {
        precondition(capacity >= 0, "a negative capacity")
        return unsafe withUnsafeTemporaryAllocation(of: Element.self, capacity: capacity) { buffer in
            // The output span starts empty over the allocation; its elements are bitwise copies and need no
            // deinitialisation when the allocation goes away.
            var output = unsafe OutputSpan(buffer: buffer, initializedCount: 0)
            return body(&output)
        }
    }
}
