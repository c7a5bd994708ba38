extension String {
    /// The text of the UTF-8 `bytes`, each ill-formed sequence replaced by
    /// U+FFFD, as `String(decoding:as:)` makes it from a collection.
    @inlinable @inline(__always)
    package init(decodingUTF8 bytes: Span<UInt8>) {
        self = unsafe bytes.withUnsafeBufferPointer { unsafe String(decoding: $0, as: UTF8.self) }
    }
}

extension Array where Element == UInt8 {
    /// Appends a copy of `bytes`, in one move.
    @inlinable @inline(__always)
    package mutating func append(copying bytes: Span<UInt8>) {
        unsafe bytes.withUnsafeBufferPointer { unsafe append(contentsOf: $0) }
    }
}
