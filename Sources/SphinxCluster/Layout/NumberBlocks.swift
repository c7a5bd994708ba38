/// Full-text tokens that let `searchd` find the records whose number is in
/// a range without reading every record's attributes: each number a filter
/// reads is indexed, in `nf` after its field's code, by the blocks that hold
/// its order-preserving key (``SortableNumber``) at four sizes, and a range
/// asks for the fewest blocks that together cover it.
///
/// A block at an edge of the range also holds numbers outside it, so the
/// tokens only rule records out: the exact comparison stays an attribute
/// condition. Every record whose number is in the range holds one of the
/// covering blocks, because the blocks of each size are aligned and nested.
enum NumberBlocks {
    /// The bits each size leaves out of the key (as an unsigned number),
    /// coarsest first: 16 blocks over all numbers, then 256, then one per
    /// binade (sign and exponent: 1 to 2, 2 to 4, …), then a sixteenth of a
    /// binade (`10` to `10.5`, `96` to `100`).
    static let shifts: [UInt64] = [60, 56, 52, 48]

    /// The token of block `block` of size `size` (an index of ``shifts``).
    static func token(code: String, size: Int, block: UInt64) -> String {
        var bytes: [UInt8] = []
        append(code: code, size: size, block: block, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the token of block `block` of size `size` (``token(code:size:block:)``).
    private static func append(code: String, size: Int, block: UInt64, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: code.utf8)
        TokenSpelling.append(.numberBlock, to: &bytes)
        // One digit: there are fewer than ten sizes.
        bytes.append(0x30 + UInt8(size))
        bytes.appendDigits(block, radix: 36)
    }

    /// The tokens of the blocks that hold the number whose key is `key`, one of each size.
    static func tokens(code: String, key: Int64) -> [String] {
        let unsigned = UInt64(bitPattern: key) ^ (1 << 63)
        return shifts.indices.map { token(code: code, size: $0, block: unsigned >> shifts[$0]) }
    }

    /// Appends ``tokens(code:key:)`` to a list of tokens separated by spaces.
    static func appendTokens(code: String, key: Int64, to list: inout [UInt8]) {
        let unsigned = UInt64(bitPattern: key) ^ (1 << 63)
        for size in shifts.indices {
            _ = TokenSpelling.beginToken(in: &list)
            append(code: code, size: size, block: unsigned >> shifts[size], to: &list)
        }
    }

    /// The tokens of the fewest blocks that together hold every key from
    /// `lower` to `upper`, both included; empty when there is none.
    static func covering(code: String, lower: Int64, upper: Int64) -> [String] {
        guard lower <= upper else { return [] }
        let finest = shifts.count - 1
        var low = (UInt64(bitPattern: lower) ^ (1 << 63)) >> shifts[finest]
        var high = (UInt64(bitPattern: upper) ^ (1 << 63)) >> shifts[finest]
        var tokens: [String] = []
        var size = finest
        while true {
            if size == 0 {
                for block in low...high { tokens.append(token(code: code, size: 0, block: block)) }
                return tokens
            }
            let step = UInt64(1) << (shifts[size - 1] - shifts[size])
            // The blocks at either edge that no block of the next size holds whole.
            while low % step != 0 {
                tokens.append(token(code: code, size: size, block: low))
                if low == high { return tokens }
                low += 1
            }
            while high % step != step - 1 {
                tokens.append(token(code: code, size: size, block: high))
                if low == high { return tokens }
                high -= 1
            }
            low /= step
            high /= step
            size -= 1
        }
    }
}
