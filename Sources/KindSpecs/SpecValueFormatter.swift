/// Writes numbers for spec columns without Foundation: fixed decimals,
/// thousands separators, currencies, stars, percentages and byte counts.
enum SpecValueFormatter {
    /// Beyond this magnitude numbers are written as Swift prints them.
    static let largest = 1e15

    static let currencySymbols: [String: String] = [
        "USD": "$", "EUR": "€", "GBP": "£", "JPY": "¥", "CNY": "¥", "INR": "₹", "KRW": "₩", "RUB": "₽", "BRL": "R$",
        "AUD": "A$", "CAD": "CA$",
    ]

    /// `1,234.50` with two decimals.
    static func number(_ value: Double, decimals: Int) -> String {
        guard value.isFinite, abs(value) < largest else { return String(value) }
        var scale: Double = 1
        for _ in 0..<min(max(decimals, 0), 6) { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9e15 else { return String(value) }
        let units = Int64(scaled)
        let divisor = Int64(scale)
        let whole = units / divisor
        let fraction = units % divisor
        var text = grouped(whole)
        if decimals > 0 {
            let digits = String(fraction)
            text += "." + String(repeating: "0", count: max(0, decimals - digits.count)) + digits
        }
        return (value < 0 && units != 0 ? "-" : "") + text
    }

    /// `$4.99`, `-€3.50`, `CHF 12.00`.
    static func currency(_ value: Double, code: String, decimals: Int) -> String {
        let amount = number(abs(value), decimals: decimals)
        let sign = value < 0 && amount.contains(where: { $0 != "0" && $0 != "." && $0 != "," }) ? "-" : ""
        if let symbol = currencySymbols[code] { return sign + symbol + amount }
        return sign + code + " " + amount
    }

    /// `★★★★☆ 4.2` for 4.2 out of 5.
    static func stars(_ value: Double, outOf: Int) -> String {
        let filled = min(max(Int(value.rounded()), 0), outOf)
        return String(repeating: "★", count: filled) + String(repeating: "☆", count: outOf - filled) + " "
            + number(value, decimals: 1)
    }

    /// `42%` for 0.42.
    static func percent(_ value: Double, decimals: Int) -> String {
        number(value * 100, decimals: decimals) + "%"
    }

    /// `512 B`, `1.5 KiB`, `12 MiB` (binary) or `1.5 kB`, `12 MB`
    /// (`decimal`): one decimal below 10, none from 10 on, never `.0`.
    static func bytes(_ value: Double, decimal: Bool = false) -> String {
        let base: Double = decimal ? 1_000 : 1_024
        guard value >= base else { return number(value.rounded(), decimals: 0) + " B" }
        var amount = value / base
        let names = decimal ? ["kB", "MB", "GB", "TB", "PB", "EB"] : ["KiB", "MiB", "GiB", "TiB", "PiB", "EiB"]
        var units = names[...]
        // 1023.96 KiB is written 1 MiB, not 1,024 KiB.
        while amount.rounded() >= base && units.count > 1 {
            amount /= base
            units = units.dropFirst()
        }
        var text = number(amount, decimals: amount < 9.95 ? 1 : 0)
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text + " " + (units.first ?? names[names.count - 1])
    }

    /// `1234567` as `1,234,567`.
    static func grouped(_ value: Int64) -> String {
        let digits = Array(String(value.magnitude))
        var out = value < 0 ? "-" : ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return out
    }
}
