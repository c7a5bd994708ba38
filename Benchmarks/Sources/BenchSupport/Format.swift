/// How the benchmarks write numbers.
public enum Format {
    /// Seconds with three significant digits below 100 s: `0.0412 s`, `5.31 s`.
    public static func seconds(_ value: Double) -> String {
        if value < 0.001 { return fixed(value * 1_000_000, places: 0) + " µs" }
        if value < 0.1 { return fixed(value * 1000, places: value < 0.01 ? 2 : 1) + " ms" }
        return fixed(value, places: value < 1 ? 3 : (value < 10 ? 2 : 1)) + " s"
    }

    /// A size in KiB as MiB with one decimal: `12.3 MiB`.
    public static func mebibytes(kibibytes: Int) -> String {
        fixed(Double(kibibytes) / 1024, places: 1) + " MiB"
    }

    /// A byte count as MB (10^6) with one decimal.
    public static func megabytes(_ bytes: Int) -> String {
        fixed(Double(bytes) / 1_000_000, places: 1) + " MB"
    }

    /// A ratio such as `12.4×`, with two significant decimals below 10.
    public static func ratio(_ value: Double) -> String {
        fixed(value, places: value < 10 ? 2 : 1) + "×"
    }

    /// An integer with thousands separators: `1,000,000`.
    public static func count(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return value < 0 ? "-" + grouped : grouped
    }

    /// `value` with exactly `places` decimals, rounded half away from zero.
    public static func fixed(_ value: Double, places: Int) -> String {
        guard value.isFinite else { return String(value) }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        guard scaled < 9e15 else { return String(value) }
        let units = Int(scaled)
        let divisor = Int(scale)
        let whole = units / divisor
        var fraction = places > 0 ? String(units % divisor) : ""
        while fraction.count < places { fraction = "0" + fraction }
        return (value < 0 && units > 0 ? "-" : "") + String(whole) + (places > 0 ? "." + fraction : "")
    }
}
