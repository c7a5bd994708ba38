extension [UInt8] {
    /// Appends `value` in `radix` (10 to 36; letters past 9 in lower case),
    /// as `String(value, radix: radix)` writes it. A row of a push writes
    /// numbers this way several times a record, so the digits go straight
    /// into the bytes, with no `String` between.
    @inline(__always)
    mutating func appendDigits(_ value: UInt64, radix: UInt64) {
        // Twenty digits hold any 64-bit number from base 10 up; they are
        // found last first.
        var digits = InlineArray<20, UInt8>(repeating: 0)
        var start = digits.count
        var rest = value
        repeat {
            start -= 1
            let digit = UInt8(truncatingIfNeeded: rest % radix)
            digits[start] = digit < 10 ? 0x30 + digit : 0x61 + digit - 10
            rest /= radix
        } while rest > 0
        for index in start..<digits.count { append(digits[index]) }
    }

    /// Appends `value` in decimal, as `String(value)` writes it.
    mutating func appendDecimal<Number: BinaryInteger>(_ value: Number) {
        if value < 0 { append(UInt8(ascii: "-")) }
        appendDigits(UInt64(value.magnitude), radix: 10)
    }
}
