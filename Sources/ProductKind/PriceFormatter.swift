/// Formats prices without Foundation: a currency symbol where one is common,
/// thousands separated, and cents unless the amount is a large whole number.
enum PriceFormatter {
    static let symbols: [String: String] = ["USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥", "INR": "₹"]

    /// `$4.99`, `€1,234.50`, `$156,000`, `CHF 12.00`; an amount too large for
    /// cents as the number is written.
    static func format(_ amount: Double, currency: String) -> String {
        guard amount.isFinite, abs(amount) < 1e15 else { return currency.uppercased() + " " + String(amount) }
        let number = digits(Int64((amount * 100).rounded()))
        // Records mostly write the code in capitals, as ISO 4217 does.
        if let symbol = symbols[currency] { return symbol + number }
        let code = currency.uppercased()
        if let symbol = symbols[code] { return symbol + number }
        return code + " " + number
    }

    /// `cents` as `1,234.50`, or `156,000` for a whole amount of 1,000 or more.
    static func digits(_ cents: Int64) -> String {
        let whole = cents.magnitude / 100
        let fraction = cents.magnitude % 100
        let sign = cents < 0 ? "-" : ""
        if fraction == 0 && whole >= 1000 { return sign + grouped(whole) }
        return sign + grouped(whole) + (fraction < 10 ? ".0" : ".") + String(fraction)
    }

    /// `1234567` as `1,234,567`: groups of three digits, from the right.
    static func grouped(_ value: UInt64) -> String {
        var text = ""
        var rest = value
        while rest >= 1000 {
            let group = rest % 1000
            text = (group < 10 ? ",00" : group < 100 ? ",0" : ",") + String(group) + text
            rest /= 1000
        }
        return String(rest) + text
    }
}
