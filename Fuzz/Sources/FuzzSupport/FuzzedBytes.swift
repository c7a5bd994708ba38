/// Draws values from a fuzzer's input bytes, front to back, so that one input
/// always decodes to the same values. Past the end every draw gives zero or
/// an empty value.
public struct FuzzedBytes {
    private let bytes: UnsafeRawBufferPointer
    private var position = 0

    /// Reads `bytes`, which must outlive this value.
    /// - Parameter bytes: The fuzzer's input.
    public init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// Whether every byte has been drawn.
    public var isEmpty: Bool { position >= bytes.count }

    /// The next byte, or 0 past the end.
    public mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// A number in `range`, drawn from one byte.
    /// - Parameter range: The values allowed; must not be empty.
    /// - Returns: A value of `range`.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        let span = range.upperBound - range.lowerBound + 1
        return range.lowerBound + Int(byte()) % span
    }

    /// Whether the next byte is odd.
    public mutating func bool() -> Bool { byte() & 1 == 1 }

    /// Up to `maxCount` raw bytes, the count drawn from one byte first.
    /// - Parameter maxCount: The most bytes taken (at most 255).
    /// - Returns: The bytes, possibly invalid UTF-8.
    public mutating func bytes(upTo maxCount: Int) -> [UInt8] {
        let count = min(int(in: 0...max(0, min(maxCount, 255))), bytes.count - position)
        guard count > 0 else { return [] }
        defer { position += count }
        return Array(bytes[position..<(position + count)])
    }

    /// A string of up to `maxCount` bytes, with invalid UTF-8 repaired as a
    /// terminal program would receive it from `String(decoding:as:)`.
    /// - Parameter maxCount: The most bytes taken (at most 255).
    /// - Returns: The text.
    public mutating func text(upTo maxCount: Int) -> String {
        String(decoding: bytes(upTo: maxCount), as: UTF8.self)
    }

    /// Every byte not yet drawn.
    /// - Returns: The rest of the input.
    public mutating func rest() -> UnsafeRawBufferPointer {
        defer { position = bytes.count }
        guard position < bytes.count else { return UnsafeRawBufferPointer(start: nil, count: 0) }
        return UnsafeRawBufferPointer(rebasing: bytes[position...])
    }
}
