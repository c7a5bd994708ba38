/// A sorted set of code point ranges, searched by bisection.
///
/// Built once from a generated `StaticString` of hexadecimal ranges such as
/// `"0300-036F 0483"`, separated by spaces or newlines.
struct CodePointTable: Sendable {
    private let lows: [UInt32]
    private let highs: [UInt32]

    /// Parses `ranges`; the generator writes them sorted and disjoint.
    init(_ ranges: StaticString) {
        var lows: [UInt32] = []
        var highs: [UInt32] = []
        ranges.withUTF8Buffer { buffer in
            var low: UInt32 = 0
            var value: UInt32 = 0
            var digits = 0
            var inRange = false
            func finish() {
                guard digits > 0 else { return }
                if inRange {
                    lows.append(low)
                    highs.append(value)
                } else {
                    lows.append(value)
                    highs.append(value)
                }
                value = 0
                digits = 0
                inRange = false
            }
            for byte in buffer {
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"):
                    value = value << 4 | UInt32(byte - UInt8(ascii: "0"))
                    digits += 1
                case UInt8(ascii: "A")...UInt8(ascii: "F"):
                    value = value << 4 | UInt32(byte - UInt8(ascii: "A") + 10)
                    digits += 1
                case UInt8(ascii: "-"):
                    low = value
                    value = 0
                    digits = 0
                    inRange = true
                default:
                    finish()
                }
            }
            finish()
        }
        self.lows = lows
        self.highs = highs
    }

    /// The number of ranges.
    var count: Int { lows.count }

    /// Whether `value` lies in one of the ranges.
    func contains(_ value: UInt32) -> Bool {
        guard let first = lows.first, value >= first else { return false }
        var low = 0
        var high = lows.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lows[middle] <= value {
                low = middle
            } else {
                high = middle - 1
            }
        }
        return value <= highs[low]
    }
}
