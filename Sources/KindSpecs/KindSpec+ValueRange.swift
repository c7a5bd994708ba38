extension KindSpec {
    /// A range of numbers a style applies to, written as a key of `styles`:
    /// `<10`, `<=10`, `>100`, `>=100`, `=0`, or `10..100` (both ends in, as
    /// in a query's `field:10..100`; either end may be left out).
    public struct ValueRange: Sendable, Equatable, CustomStringConvertible {
        public var lower: Double?
        public var lowerIncluded: Bool
        public var upper: Double?
        public var upperIncluded: Bool
        /// The key as written.
        public var description: String

        /// Whether `value` is in the range.
        public func contains(_ value: Double) -> Bool {
            if let lower, lowerIncluded ? value < lower : value <= lower { return false }
            if let upper, upperIncluded ? value > upper : value >= upper { return false }
            return true
        }

        /// The range a `styles` key spells, or `nil` for a key that is a value
        /// to match as written (`available`, `12`).
        public init?(parsing key: String) {
            let text = key.trimmingCharacters(in: " ")
            func number(_ part: Substring) -> Double? {
                let trimmed = String(part).trimmingCharacters(in: " ")
                guard !trimmed.isEmpty, let value = Double(trimmed), value.isFinite else { return nil }
                return value
            }
            self.description = key
            (lower, lowerIncluded, upper, upperIncluded) = (nil, true, nil, true)
            for (prefix, isLower, included) in [
                ("<=", false, true), (">=", true, true), ("<", false, false), (">", true, false), ("=", true, true),
            ] where text.hasPrefix(prefix) {
                guard let bound = number(text.dropFirst(prefix.count)) else { return nil }
                if prefix == "=" {
                    (lower, upper) = (bound, bound)
                } else if isLower {
                    (lower, lowerIncluded) = (bound, included)
                } else {
                    (upper, upperIncluded) = (bound, included)
                }
                return
            }
            let characters = Array(text)
            guard
                let dot = characters.indices.first(where: {
                    $0 + 1 < characters.count && characters[$0] == "." && characters[$0 + 1] == "."
                }),
                dot + 2 >= characters.count || characters[dot + 2] != "."
            else { return nil }
            let low = Substring(String(characters[..<dot]))
            let high = Substring(String(characters[(dot + 2)...]))
            guard !(low.isEmpty && high.isEmpty) else { return nil }
            if !low.isEmpty {
                guard let bound = number(low) else { return nil }
                lower = bound
            }
            if !high.isEmpty {
                guard let bound = number(high) else { return nil }
                upper = bound
            }
            if let lower, let upper, lower > upper { return nil }
        }
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: Character) -> String {
        var text = Substring(self)
        while text.first == set { text = text.dropFirst() }
        while text.last == set { text = text.dropLast() }
        return String(text)
    }
}
