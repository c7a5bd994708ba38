/// Punycode (RFC 3492): the Bootstring encoding that spells a Unicode label of a host name in the
/// letters, digits and hyphens DNS allows (`bücher` is `bcher-kva`).
enum Punycode {
    private static let base = 36
    private static let tMin = 1
    private static let tMax = 26
    private static let skew = 38
    private static let damp = 700
    private static let initialBias = 72
    private static let initialN = 0x80
    /// Labels are at most 63 bytes, so longer input is no label; this also keeps the arithmetic far
    /// from overflow.
    private static let maximumLength = 256

    /// The Punycode spelling of `scalars` (without the `xn--` prefix), or nil when it is too long.
    static func encode(_ scalars: [Unicode.Scalar]) -> String? {
        guard scalars.count <= maximumLength else { return nil }
        var output: [UInt8] = scalars.filter(\.isASCII).map { UInt8($0.value) }
        let basicCount = output.count
        var handled = basicCount
        if basicCount > 0 { output.append(UInt8(ascii: "-")) }
        var n = initialN
        var delta = 0
        var bias = initialBias
        let codes = scalars.map { Int($0.value) }
        while handled < codes.count {
            guard let m = codes.filter({ $0 >= n }).min() else { return nil }
            delta += (m - n) * (handled + 1)
            n = m
            for code in codes {
                if code < n { delta += 1 }
                guard code == n else { continue }
                var q = delta
                var k = base
                while true {
                    let t = threshold(k, bias)
                    if q < t { break }
                    output.append(digit(t + (q - t) % (base - t)))
                    q = (q - t) / (base - t)
                    k += base
                }
                output.append(digit(q))
                bias = adapt(delta, handled + 1, first: handled == basicCount)
                delta = 0
                handled += 1
            }
            delta += 1
            n += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The Unicode scalars that the Punycode `text` (without `xn--`) spells, or nil when it is not
    /// valid Punycode.
    static func decode(_ text: String) -> [Unicode.Scalar]? {
        let bytes = Array(text.utf8)
        guard bytes.count <= maximumLength, bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        let dash = bytes.lastIndex(of: UInt8(ascii: "-"))
        var output: [Int] = dash.map { bytes[..<$0].map(Int.init) } ?? []
        var index = dash.map { $0 + 1 } ?? 0
        var n = initialN
        var i = 0
        var bias = initialBias
        while index < bytes.count {
            let oldI = i
            var weight = 1
            var k = base
            while true {
                guard index < bytes.count, let value = digitValue(bytes[index]) else { return nil }
                index += 1
                i += value * weight
                let t = threshold(k, bias)
                if value < t { break }
                weight *= base - t
                k += base
                guard i < 1 << 40, weight < 1 << 40 else { return nil }
            }
            bias = adapt(i - oldI, output.count + 1, first: oldI == 0)
            n += i / (output.count + 1)
            i %= output.count + 1
            guard n <= 0x10FFFF else { return nil }
            output.insert(n, at: i)
            i += 1
        }
        let scalars = output.compactMap { Unicode.Scalar(UInt32($0)) }
        return scalars.count == output.count ? scalars : nil
    }

    private static func threshold(_ k: Int, _ bias: Int) -> Int {
        k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
    }

    private static func adapt(_ delta: Int, _ count: Int, first: Bool) -> Int {
        var delta = first ? delta / damp : delta / 2
        delta += delta / count
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }

    private static func digit(_ value: Int) -> UInt8 {
        value < 26 ? UInt8(ascii: "a") + UInt8(value) : UInt8(ascii: "0") + UInt8(value - 26)
    }

    private static func digitValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): Int(byte - UInt8(ascii: "a"))
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(byte - UInt8(ascii: "A"))
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0")) + 26
        default: nil
        }
    }
}
