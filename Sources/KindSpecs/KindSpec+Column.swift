public import TerminalTable

extension KindSpec {
    /// One column of a spec kind: where its value is, what type it has, and
    /// how it is shown.
    public struct Column: Sendable {
        /// The header, shown upper-case.
        public var header: String
        /// Where the value is in a record.
        public var path: JSONPointer
        /// The value's type; a record whose value does not fit is rejected.
        public var type: ValueType
        /// How the value is written in the cell.
        public var format: ValueFormat
        /// Left for text, right for numbers by default.
        public var alignment: Alignment
        /// Higher priority columns are kept longer when the terminal is narrow.
        public var priority: Int
        /// The narrowest the column may be.
        public var minWidth: Int
        /// The widest the column may be; longer text wraps up to the row height.
        public var maxWidth: Int?
        /// Whether a record without this value is rejected.
        public var isRequired: Bool
        /// The text shown when the value is absent or null.
        public var missingText: String
        /// The style of the cell, unless ``styles`` names one for its value.
        public var style: CellStyle
        /// Styles by value, as written in the record (`"available": green`).
        public var styles: [String: CellStyle]

        /// Creates a column.
        public init(
            header: String,
            path: JSONPointer,
            type: ValueType = .string,
            format: ValueFormat = .plain,
            alignment: Alignment = .left,
            priority: Int = 0,
            minWidth: Int = 1,
            maxWidth: Int? = nil,
            isRequired: Bool = false,
            missingText: String = "",
            style: CellStyle = .plain,
            styles: [String: CellStyle] = [:]
        ) {
            self.header = header
            self.path = path
            self.type = type
            self.format = format
            self.alignment = alignment
            self.priority = priority
            self.minWidth = minWidth
            self.maxWidth = maxWidth
            self.isRequired = isRequired
            self.missingText = missingText
            self.style = style
            self.styles = styles
        }

        /// The name filters and `--sort` know the column by: the top-level key
        /// for `/key`, else the pointer as written.
        public var field: String {
            path.topLevelKey ?? path.description
        }
    }
}
