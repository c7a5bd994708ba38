/// A `Double` as a 64-bit integer in the same order, so that `searchd`
/// compares and sorts numbers exactly: it keeps integers in JSON exact, but
/// numbers with a fraction in single precision (`price>1` would miss
/// 1.00000001, `price>16777216` 16777217).
///
/// Negative zero is zero; NaN, which no comparison holds for, has none.
enum SortableNumber {
    /// The integer in `number`'s place; `nil` for NaN.
    static func key(_ number: Double) -> Int64? {
        guard !number.isNaN else { return nil }
        let bits = (number == 0 ? 0.0 : number).bitPattern
        // Negative numbers: all bits flipped, so that larger magnitudes are
        // smaller; positive ones: the sign bit set. Then the sign bit is
        // flipped once more to make a signed integer of it.
        let ordered = bits & (1 << 63) != 0 ? ~bits : bits | (1 << 63)
        return Int64(bitPattern: ordered ^ (1 << 63))
    }

    /// The number whose key is `key`.
    static func number(_ key: Int64) -> Double {
        let ordered = UInt64(bitPattern: key) ^ (1 << 63)
        let bits = ordered & (1 << 63) != 0 ? ordered & ~(1 << 63) : ~ordered
        return Double(bitPattern: bits)
    }
}
