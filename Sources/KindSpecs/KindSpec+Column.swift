public import TerminalTable

extension KindSpec {
    /// One column of a spec kind: where its value is, what type it has, and
    /// how it is shown.
    public struct Column: Sendable {
        /// Where a column's value comes from.
        public enum Source: Sendable {
            /// A value in the record; a pointer with `*` joins what it matches.
            case path(JSONPointer)
            /// A text made from the record, such as `{uid}:{gid}`.
            case template(NameTemplate)
        }

        /// The header, shown upper-case.
        public var header: String
        /// Where the value comes from.
        public var source: Source
        /// The name filters, `--sort` and `--fields` know the column by: the
        /// header, lower-cased, with each run of other characters than
        /// letters, digits, `_`, `-` and `.` made one `_` (`Official name`
        /// is `official_name`); `nil` when nothing is left, or for `kind`
        /// and `name`, which keep their own meaning.
        public var fieldName: String?
        /// The value's type; a value that does not fit is shown as written,
        /// with a warning, and the record is kept.
        public var type: ValueType
        /// How the value is written in the cell.
        public var format: ValueFormat
        /// Left for text, right for numbers by default.
        public var alignment: Alignment
        /// Higher priority columns are kept longer when the terminal is
        /// narrow (the reverse of Kubernetes' `priority`, where 0 is always
        /// shown and higher numbers only with `-o wide`).
        public var priority: Int
        /// The narrowest the column may be.
        public var minWidth: Int
        /// The widest the column may be; longer text wraps up to the row height.
        public var maxWidth: Int?
        /// Whether a record without this value (absent, null or blank) is skipped.
        public var isRequired: Bool
        /// The text shown when the value is absent, null or blank.
        public var missingText: String
        /// The style of the cell, unless a rule below gives one.
        public var style: CellStyle
        /// Styles by value, as written in the record (`"available": green`).
        public var styles: [String: CellStyle]
        /// Styles by numeric range (`"<10": red`), tried in order after ``styles``.
        public var rangeStyles: [(range: ValueRange, style: CellStyle)]
        /// The style of ``missingText``; ``style`` when `nil`.
        public var missingStyle: CellStyle?
        /// Whether text too long for the column wraps onto the row's spare
        /// lines; when `false` it is cut with `…` on its first line.
        public var wraps: Bool

        /// Creates a column.
        public init(
            header: String,
            source: Source,
            type: ValueType = .string,
            format: ValueFormat = .plain,
            alignment: Alignment = .left,
            priority: Int = 0,
            minWidth: Int = 1,
            maxWidth: Int? = nil,
            isRequired: Bool = false,
            missingText: String = "",
            style: CellStyle = .plain,
            styles: [String: CellStyle] = [:],
            rangeStyles: [(range: ValueRange, style: CellStyle)] = [],
            missingStyle: CellStyle? = nil,
            wraps: Bool = true
        ) {
            self.header = header
            self.source = source
            self.fieldName = Self.fieldName(forHeader: header)
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
            self.rangeStyles = rangeStyles
            self.missingStyle = missingStyle
            self.wraps = wraps
        }

        /// Creates a column that shows the value at `path`.
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
            self.init(
                header: header, source: .path(path), type: type, format: format, alignment: alignment,
                priority: priority, minWidth: minWidth, maxWidth: maxWidth, isRequired: isRequired,
                missingText: missingText, style: style, styles: styles)
        }

        /// The pointer of a column that shows a value in the record.
        public var path: JSONPointer? {
            if case .path(let pointer) = source { pointer } else { nil }
        }

        /// Where the value comes from, as written in the spec: the pointer or the template.
        public var sourceDescription: String {
            switch source {
            case .path(let pointer): pointer.description
            case .template(let template): template.description
            }
        }

        /// The name messages give the column's value: its header.
        var label: String { "column \(header)" }

        /// The name filters and `--sort` know the column by (``fieldName``),
        /// else the top-level key of its path, else its source as written.
        public var field: String {
            fieldName ?? path?.topLevelKey ?? sourceDescription
        }

        /// The filter name a header gives; see ``fieldName``.
        public static func fieldName(forHeader header: String) -> String? {
            var name = ""
            var pendingSeparator = false
            for character in header.lowercased() {
                if character.isLetter || character.isNumber || character == "_" || character == "-"
                    || character == "."
                {
                    if pendingSeparator && !name.isEmpty { name.append("_") }
                    pendingSeparator = false
                    name.append(character)
                } else {
                    pendingSeparator = true
                }
            }
            guard !name.isEmpty, name != "kind", name != "name", name.count <= 64 else { return nil }
            return name
        }
    }
}
