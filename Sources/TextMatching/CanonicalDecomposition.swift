/// Lookup of full canonical decompositions (NFD) of precomposed scalars, without Foundation.
///
/// The data comes from `CanonicalDecompositionData.swift`, generated from the Unicode Character
/// Database; it is parsed once, on first use.
enum CanonicalDecomposition {
    /// The lowest and highest scalar values that have a canonical decomposition.
    private static let range: ClosedRange<UInt32> = 0xC0...0x2FA1D

    /// Every decomposable scalar value mapped to its decomposition.
    private static let table: [UInt32: [UInt32]] = parse(canonicalDecompositionData)

    /// The full canonical decomposition of `value`, or nil when it has none (or is a Hangul syllable,
    /// which folding keeps whole).
    @inline(__always)
    static func scalars(of value: UInt32) -> [UInt32]? {
        guard range.contains(value) else { return nil }
        // CJK unified ideographs and Hangul syllables, the bulk of East Asian text, never decompose here.
        if value >= 0x3400 && value < 0xF900 && !(0xA000..<0xAC00).contains(value) { return nil }
        return table[value]
    }

    /// Parses lines of hexadecimal values: the code point, then its decomposition.
    private static func parse(_ data: StaticString) -> [UInt32: [UInt32]] {
        var table: [UInt32: [UInt32]] = [:]
        var fields: [UInt32] = []
        var current: UInt32 = 0
        var inNumber = false
        func endNumber() {
            if inNumber { fields.append(current) }
            current = 0
            inNumber = false
        }
        func endLine() {
            endNumber()
            if fields.count >= 2 { table[fields[0]] = Array(fields.dropFirst()) }
            fields.removeAll(keepingCapacity: true)
        }
        let text = data.description
        let bytes = text.utf8.span
        for index in bytes.indices {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                current = current << 4 | UInt32(byte - UInt8(ascii: "0"))
                inNumber = true
            case UInt8(ascii: "A")...UInt8(ascii: "F"):
                current = current << 4 | UInt32(byte - UInt8(ascii: "A") + 10)
                inNumber = true
            case UInt8(ascii: "\n"):
                endLine()
            default:
                endNumber()
            }
        }
        endLine()
        return table
    }
}
