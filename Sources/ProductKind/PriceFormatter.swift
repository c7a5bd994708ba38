/// Formats prices without Foundation: a currency symbol where one is common,
/// thousands separated, and cents unless the amount is a large whole number.
enum PriceFormatter {
    static let symbols: [String: String] = ["USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥", "INR": "₹"]

    static func format(_ amount: Double, currency: String) -> String {
        // Most prices are in dollars: no case folding or lookup for them.
        let code = currency == "USD" ? currency : currency.uppercased()
        guard amount.isFinite, abs(amount) < 1e15 else { return code + " " + String(amount) }
        let cents = Int64((amount * 100).rounded())
        let number = digits(cents)
        if code == "USD" { return "$" + number }
        if let symbol = symbols[code] { return symbol + number }
        return code + " " + number
    }

    /// `cents` as `1,234.50`, or `156,000` for a whole amount of 1,000 or more.
    static func digits(_ cents: Int64) -> String {
        let whole = cents / 100
        let fraction = cents % 100
        guard cents >= 0 else {
            // Negative amounts keep the form they have always had.
            var text = grouped(whole)
            text += "." + (fraction < 10 ? "0" : "") + String(fraction)
            return text
        }
        // Written backwards into a buffer: at most 17 digits, 5 separators,
        // a point and 2 digits.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
            var end = buffer.count
            func put(_ digit: Int64) {
                end -= 1
                buffer[end] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: digit)
            }
            if !(fraction == 0 && whole >= 1000) {
                put(fraction % 10)
                put(fraction / 10)
                end -= 1
                buffer[end] = UInt8(ascii: ".")
            }
            var value = whole
            var count = 0
            repeat {
                if count > 0 && count % 3 == 0 {
                    end -= 1
                    buffer[end] = UInt8(ascii: ",")
                }
                put(value % 10)
                value /= 10
                count += 1
            } while value > 0
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[end...]), as: UTF8.self)
        }
    }

    /// `1234567` as `1,234,567`.
    static func grouped(_ value: Int64) -> String {
        let digits = Array(String(value).utf8)
        var out: [UInt8] = []
        out.reserveCapacity(digits.count + digits.count / 3)
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out.append(UInt8(ascii: ",")) }
            out.append(digit)
        }
        return String(decoding: out, as: UTF8.self)
    }
}
