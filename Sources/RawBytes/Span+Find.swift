// Public: the finds are inlined into their callers, which call `memchr` there.
#if canImport(Glibc)
    public import Glibc
#elseif canImport(Musl)
    public import Musl
#elseif canImport(Darwin)
    public import Darwin
#endif

/// Finding a byte in a span as the C library does (`memchr`): a vector scan,
/// for the line feeds and quotes a reader looks for over megabytes.
///
/// Every range is checked against the span: a range outside it stops the
/// process rather than reading past the span.
extension Span where Element == UInt8 {
    /// The offset of the first `byte` in `range` of the span, or `nil`.
    /// - Precondition: `range` lies in the span.
    @inlinable @inline(__always)
    package func firstIndex(of byte: UInt8, in range: Range<Int>) -> Int? {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "range outside the span")
        guard !range.isEmpty else { return nil }
        return unsafe withUnsafeBufferPointer { bytes -> Int? in
            let start = unsafe bytes.baseAddress! + range.lowerBound
            guard let found = unsafe memchr(start, Int32(byte), range.count) else { return nil }
            return unsafe UnsafeRawPointer(found) - UnsafeRawPointer(bytes.baseAddress!)
        }
    }

    /// The offset of the first `byte` in the span, or `nil`.
    @inlinable @inline(__always)
    package func firstIndex(of byte: UInt8) -> Int? {
        firstIndex(of: byte, in: 0..<count)
    }

    /// Whether `range` of the span holds `byte`.
    /// - Precondition: `range` lies in the span.
    @inlinable @inline(__always)
    package func contains(_ byte: UInt8, in range: Range<Int>) -> Bool {
        firstIndex(of: byte, in: range) != nil
    }
}
