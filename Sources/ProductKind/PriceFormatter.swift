/// Formats prices without Foundation: a currency symbol where one is common,
/// thousands separated, and cents unless the amount is a large whole number.
enum PriceFormatter {
    static let symbols: [String: String] = ["USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥", "INR": "₹"]

    static func format(_ amount: Double, currency: String) -> String {
        let code = currency.uppercased()
        guard amount.isFinite, abs(amount) < 1e15 else { return code + " " + String(amount) }
        let cents = Int64((amount * 100).rounded())
        let whole = cents / 100
        let fraction = cents % 100
        var text = grouped(whole)
        if !(fraction == 0 && whole >= 1000) {
            text += "." + (fraction < 10 ? "0" : "") + String(fraction)
        }
        if let symbol = symbols[code] { return symbol + text }
        return code + " " + text
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
