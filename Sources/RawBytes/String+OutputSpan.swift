extension String {
    /// A string whose UTF-8 bytes, at most `capacity` of them, `initializer`
    /// writes in place into the string's own storage: a text whose length is
    /// counted first is made in one allocation and one pass, rather than
    /// grown a piece at a time. Ill-formed UTF-8 is repaired (each bad
    /// sequence becomes U+FFFD), as `String(decoding:as:)` repairs it.
    @inlinable @inline(__always)
    package init(utf8Capacity capacity: Int, initializingWith initializer: (inout OutputSpan<UInt8>) -> Void) {
        self = unsafe String(unsafeUninitializedCapacity: capacity) { buffer in
            var output = unsafe OutputSpan(buffer: buffer, initializedCount: 0)
            initializer(&output)
            return unsafe output.finalize(for: buffer)
        }
    }
}
