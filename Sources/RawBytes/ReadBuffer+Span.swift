extension ReadBuffer {
    /// The bytes read and not consumed, as a span that lives while the
    /// buffer is borrowed: a reader's line loop reads them in its own body,
    /// with no closure between the buffer and each line.
    ///
    /// The buffer cannot be read into or consumed while the span lives (it
    /// borrows the buffer), so the bytes cannot move under it.
    @inlinable package var bytes: Span<UInt8> {
        @_lifetime(borrow self)
        get {
            let base = unsafe storage.map { unsafe ($0 + start).assumingMemoryBound(to: UInt8.self) }
            let span = unsafe Span(_unsafeElements: UnsafeBufferPointer(start: base, count: end - start))
            return unsafe _overrideLifetime(span, borrowing: self)
        }
    }
}
