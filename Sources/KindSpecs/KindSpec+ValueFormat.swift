extension KindSpec {
    /// How a column's value is written in its cell.
    public enum ValueFormat: Sendable, Equatable {
        /// The value as written in the record.
        case plain
        /// A number with thousands separators and a fixed number of decimals.
        case number(decimals: Int)
        /// An amount of money: `$4.99`, `€1,200.00`, `CHF 12.00`. The code is
        /// read from `codePath` when the record has it, else `code` is used.
        case currency(code: String, codePath: JSONPointer?, decimals: Int)
        /// A rating as stars out of `outOf`, then the value: `★★★★☆ 4.2`.
        case stars(outOf: Int)
        /// A fraction as a percentage: `0.425` is `42.5%` with one decimal.
        case percent(decimals: Int)
        /// A size: a count of `unit`s, shown in binary units (`1.5 KiB`,
        /// `12 MiB`, powers of 1,024) or decimal ones (`1.5 kB`, `12 MB`,
        /// powers of 1,000), with one decimal below 10 and no `.0`.
        case bytes(unit: ByteUnit, decimal: Bool)
        /// A date as `YYYY-MM-DD` (UTC).
        case date
        /// A date relative to now: `3 days ago`, `in 2 hours`.
        case relativeDate

        /// The name used in spec files.
        public var name: String {
            switch self {
            case .plain: "plain"
            case .number: "number"
            case .currency: "currency"
            case .stars: "stars"
            case .percent: "percent"
            case .bytes: "bytes"
            case .date: "date"
            case .relativeDate: "relative-date"
            }
        }

        /// The format names a spec may use, in the order documented.
        public static let names = ["plain", "number", "currency", "stars", "percent", "bytes", "date", "relative-date"]

        /// The options each format takes, besides `format` itself.
        static let options: [String: [String]] = [
            "currency": ["currency", "currencyPath", "decimals"], "number": ["decimals"], "percent": ["decimals"],
            "stars": ["outOf"], "bytes": ["unit", "prefixes"],
        ]

        /// The value types a format can show.
        static func types(forFormat name: String) -> [ValueType] {
            switch name {
            case "number", "currency", "stars", "percent", "bytes": [.number, .integer]
            case "date", "relative-date": [.date]
            default: ValueType.allCases
            }
        }
    }
}
