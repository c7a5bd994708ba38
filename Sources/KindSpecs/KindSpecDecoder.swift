import ResultKit
import StreamingJSON
import TerminalTable
import TextMatching

/// Turns a parsed spec file into a ``KindSpec``, collecting every mistake
/// with its place (`columns[2].path`) instead of stopping at the first.
struct KindSpecDecoder {
    static let topLevelKeys = [
        "$schema", "columns", "description", "name", "nameTemplate", "plural", "replaces", "rowHeight", "search",
    ]
    static let columnKeys = [
        "align", "currency", "currencyPath", "decimals", "description", "format", "header", "maxWidth", "minWidth",
        "missing", "missingStyle", "noWrap", "outOf", "path", "prefixes", "priority", "required", "style", "styles",
        "template", "type", "unit",
    ]
    static let searchKeys = ["name", "path", "template", "weight"]
    static let maxColumns = 64
    static let maxSearchFields = 64
    static let maxRowHeight = 20
    static let maxWidth = 1_000
    static let maxPriority = 1_000
    static let maxTextLength = 200

    let file: String
    private(set) var errors: [KindSpecError] = []
    /// Each column field name, with its column and place, to check the
    /// search fields' names against.
    private var columnPlaces: [String: (place: String, column: KindSpec.Column)] = [:]
    /// The place of each header (upper-cased) met so far.
    private var headerPlaces: [String: String] = [:]

    /// Whether the file must be named after the kind (`book.kind.json`).
    let checksFileName: Bool

    init(file: String, checksFileName: Bool = false) {
        self.file = file
        self.checksFileName = checksFileName
    }

    /// `book` for `…/book.kind.json`; `nil` for another name.
    static func fileStem(_ file: String) -> String? {
        let base = file.split(separator: "/").last.map(String.init) ?? file
        guard base.hasSuffix(KindSpecLoader.fileSuffix) else { return nil }
        return String(base.dropLast(KindSpecLoader.fileSuffix.count))
    }

    /// The spec, or `nil` when it has mistakes (then listed in ``errors``).
    mutating func decode(_ value: JSONValue, referenceTime: Int64) -> KindSpec? {
        guard case .object(let object) = value else {
            fail(nil, "a kind spec is a JSON object, not \(value.typeName)")
            return nil
        }
        let root = Fields(object, at: nil)
        check(root, allowed: Self.topLevelKeys)
        let name = kindName(root, "name", required: true)
        if checksFileName, let name, let stem = Self.fileStem(file), stem != name {
            fail(
                root.place("name"),
                "\"\(name)\" is not the file's name: rename the file \(name)\(KindSpecLoader.fileSuffix), or the kind \"\(stem)\""
            )
        }
        let plural = kindName(root, "plural", required: true)
        let replaces = kindName(root, "replaces", required: false)
        var template: NameTemplate?
        if let text = string(root, "nameTemplate") {
            do {
                template = try NameTemplate(parsing: text)
            } catch {
                fail(root.place("nameTemplate"), error.reason)
            }
        }
        let rowHeight = integer(root, "rowHeight", in: 1...Self.maxRowHeight) ?? 1
        let columns = columnList(root)
        let search = searchList(root)
        guard errors.isEmpty, let name, let plural, let columns, let search else { return nil }
        return KindSpec(
            file: file,
            name: name,
            plural: plural,
            replaces: replaces,
            nameTemplate: template,
            columns: columns,
            searchFields: search,
            rowHeight: rowHeight,
            referenceTime: referenceTime
        )
    }

    // MARK: - Columns

    private mutating func columnList(_ root: Fields) -> [KindSpec.Column]? {
        guard let elements = array(root, "columns", required: false) else {
            return root.value("columns") == nil ? [] : nil
        }
        guard elements.count <= Self.maxColumns else {
            fail(root.place("columns"), "\(elements.count) columns; at most \(Self.maxColumns) are allowed")
            return nil
        }
        var columns: [KindSpec.Column] = []
        var places: [String] = []
        var failed = false
        for (index, element) in elements.enumerated() {
            let place = root.place("columns") + "[\(index)]"
            guard case .object(let object) = element else {
                fail(
                    place,
                    "a column is an object such as {\"header\": \"Price\", \"path\": \"/price\"}, not \(element.typeName)"
                )
                failed = true
                continue
            }
            // One header per column, checked before the rest of the column.
            if case .string(let header)? = object["header"] {
                let key = header.uppercased()
                if let first = headerPlaces[key] {
                    fail(
                        place + ".header", "\"\(header)\" is already the header of \(first); each column needs its own")
                    failed = true
                } else {
                    headerPlaces[key] = place
                }
            }
            if let column = column(Fields(object, at: place)) {
                columns.append(column)
                places.append(place)
            } else {
                failed = true
            }
        }
        if !checkNames(of: columns, at: places) { failed = true }
        return failed ? nil : columns
    }

    /// Reports two columns whose headers give one field name for different
    /// values (one header twice is reported as the columns are read).
    private mutating func checkNames(of columns: [KindSpec.Column], at places: [String]) -> Bool {
        var names: [String: Int] = [:]
        var valid = true
        for (index, column) in columns.enumerated() {
            guard let name = column.fieldName else { continue }
            if let first = names[name], columns[first].sourceDescription != column.sourceDescription,
                columns[first].header.uppercased() != column.header.uppercased()
            {
                fail(
                    places[index] + ".header",
                    "\"\(column.header)\" names the field \"\(name)\", as the header of \(places[first]) does "
                        + "for another value (\(columns[first].sourceDescription)); change one of the headers")
                valid = false
            }
            names[name] = names[name] ?? index
        }
        columnPlaces = Dictionary(uniqueKeysWithValues: names.map { ($0.key, (places[$0.value], columns[$0.value])) })
        return valid
    }

    private mutating func column(_ fields: Fields) -> KindSpec.Column? {
        let errorCount = errors.count
        check(fields, allowed: Self.columnKeys)
        let header = text(fields, "header", required: true)
        var source: KindSpec.Column.Source?
        switch (fields.value("path"), fields.value("template")) {
        case (_?, _?):
            fail(fields.place("template"), "give either \"path\" or \"template\", not both")
        case (nil, nil):
            fail(fields.place("path"), "required field is missing (or give a \"template\" such as \"{uid}:{gid}\")")
        case (_?, nil):
            source = pointer(fields, "path", required: true, allowsWildcard: true).map { .path($0) }
        case (nil, _?):
            if let text = string(fields, "template") {
                do {
                    source = .template(try NameTemplate(parsing: text))
                } catch {
                    fail(fields.place("template"), error.reason)
                }
            }
        }
        var type = KindSpec.ValueType.string
        if let typeName = string(fields, "type") {
            if let known = KindSpec.ValueType(rawValue: typeName) {
                type = known
            } else {
                let names = KindSpec.ValueType.allCases.map(\.rawValue).joined(separator: ", ")
                fail(fields.place("type"), "\"\(typeName)\" is not one of \(names)")
            }
        }
        let format = valueFormat(fields, type: type)
        if case .path(let pointer)? = source, pointer.hasWildcard, type != .string {
            fail(
                fields.place("type"),
                "a path with \"*\" joins what it matches into text: its type is string, not \(type.rawValue)")
        }
        var alignment: Alignment = type.isNumeric ? .right : .left
        if let align = string(fields, "align") {
            switch align {
            case "left": alignment = .left
            case "right": alignment = .right
            default: fail(fields.place("align"), "\"\(align)\" is not one of left, right")
            }
        }
        let priority = integer(fields, "priority", in: -Self.maxPriority...Self.maxPriority) ?? 0
        let minWidth = integer(fields, "minWidth", in: 1...Self.maxWidth) ?? 1
        let maxWidth = integer(fields, "maxWidth", in: 1...Self.maxWidth)
        if let maxWidth, maxWidth < minWidth {
            fail(fields.place("maxWidth"), "\(maxWidth) is less than minWidth \(minWidth)")
        }
        let required = boolean(fields, "required") ?? false
        let missing = text(fields, "missing", required: false, allowEmpty: true) ?? ""
        let style = cellStyle(fields, "style") ?? .plain
        let missingStyle = cellStyle(fields, "missingStyle")
        let wraps = !(boolean(fields, "noWrap") ?? false)
        var styles: [String: CellStyle] = [:]
        var rangeStyles: [(range: KindSpec.ValueRange, style: CellStyle)] = []
        if let value = fields.value("styles") {
            if case .object(let object) = value {
                let place = fields.place("styles")
                let map = Fields(object, at: place)
                check(map, allowed: nil)
                for key in object.keys {
                    guard let style = cellStyle(map, key) else { continue }
                    if let range = KindSpec.ValueRange(parsing: key) {
                        rangeStyles.append((range, style))
                    } else if key.hasPrefix("<") || key.hasPrefix(">") || key.contains("..") {
                        fail(
                            map.place(key),
                            "\"\(key)\" is neither a range (<10, <=10, >10, >=10, =0, 10..100) nor a value to match; "
                                + "a value that starts with < or > or holds .. cannot be matched")
                    } else {
                        styles[key] = style
                    }
                }
            } else {
                fail(fields.place("styles"), "expected an object of value → style, found \(value.typeName)")
            }
        }
        guard errors.count == errorCount, let header, let source, let format else { return nil }
        return KindSpec.Column(
            header: header,
            source: source,
            type: type,
            format: format,
            alignment: alignment,
            priority: priority,
            minWidth: minWidth,
            maxWidth: maxWidth,
            isRequired: required,
            missingText: missing,
            style: style,
            styles: styles,
            rangeStyles: rangeStyles,
            missingStyle: missingStyle,
            wraps: wraps
        )
    }

    /// The format, checked against the type and with its own options.
    private mutating func valueFormat(_ fields: Fields, type: KindSpec.ValueType) -> KindSpec.ValueFormat? {
        let name = string(fields, "format") ?? "plain"
        guard KindSpec.ValueFormat.names.contains(name) else {
            fail(
                fields.place("format"),
                "\"\(name)\" is not one of \(KindSpec.ValueFormat.names.joined(separator: ", "))")
            return nil
        }
        let types = KindSpec.ValueFormat.types(forFormat: name)
        guard types.contains(type) else {
            let wanted = types.map(\.rawValue).joined(separator: " or ")
            fail(fields.place("format"), "\"\(name)\" needs type \(wanted), not \(type.rawValue)")
            return nil
        }
        let options = KindSpec.ValueFormat.options
        let allowed = options[name] ?? []
        for option in ["currency", "currencyPath", "decimals", "outOf", "unit", "prefixes"]
        where fields.value(option) != nil && !allowed.contains(option) {
            fail(fields.place(option), "only used with format \(Self.formats(using: option, in: options))")
        }
        let decimals = integer(fields, "decimals", in: 0...6)
        switch name {
        case "number":
            return .number(decimals: decimals ?? (type == .integer ? 0 : 2))
        case "currency":
            let code = string(fields, "currency")
            if fields.value("currency") == nil {
                fail(fields.place("currency"), "required with format \"currency\": an ISO 4217 code such as \"USD\"")
            }
            if let code, !Self.isCurrencyCode(code) {
                fail(
                    fields.place("currency"),
                    "\"\(code)\" is not an ISO 4217 code such as \"USD\" (three capital letters)")
            }
            let codePath = pointer(fields, "currencyPath", required: false, allowsWildcard: false)
            guard let code, Self.isCurrencyCode(code) else { return nil }
            return .currency(code: code, codePath: codePath, decimals: decimals ?? 2)
        case "stars":
            return .stars(outOf: integer(fields, "outOf", in: 1...10) ?? 5)
        case "percent":
            return .percent(decimals: decimals ?? 0)
        case "bytes":
            var unit = KindSpec.ByteUnit.bytes
            if let given = string(fields, "unit") {
                if let known = KindSpec.ByteUnit(rawValue: given) {
                    unit = known
                } else {
                    let names = KindSpec.ByteUnit.allCases.map(\.rawValue).joined(separator: ", ")
                    let hint = KindSpec.ByteUnit.allCases.first { $0.rawValue.lowercased() == given.lowercased() }
                    fail(
                        fields.place("unit"),
                        "\"\(given)\" is not one of \(names)"
                            + (hint.map { "; did you mean \"\($0.rawValue)\"?" } ?? ""))
                    return nil
                }
            }
            var decimal = false
            if let prefixes = string(fields, "prefixes") {
                switch prefixes {
                case "binary": decimal = false
                case "decimal": decimal = true
                default:
                    fail(fields.place("prefixes"), "\"\(prefixes)\" is not one of binary (KiB, MiB), decimal (kB, MB)")
                    return nil
                }
            }
            return .bytes(unit: unit, decimal: decimal)
        case "date":
            return .date
        case "relative-date":
            return .relativeDate
        default:
            return .plain
        }
    }

    private static func formats(using option: String, in options: [String: [String]]) -> String {
        options.filter { $0.value.contains(option) }.keys.sorted().map { "\"\($0)\"" }.joined(separator: " or ")
    }

    static func isCurrencyCode(_ code: String) -> Bool {
        code.utf8.count == 3 && code.utf8.allSatisfy { $0 >= 0x41 && $0 <= 0x5A }
    }

    // MARK: - Search fields

    private mutating func searchList(_ root: Fields) -> [KindSpec.SearchField]? {
        guard let elements = array(root, "search", required: true) else { return nil }
        guard !elements.isEmpty else {
            fail(
                root.place("search"),
                "at least one search field is needed, such as {\"path\": \"/name\", \"weight\": 100}")
            return nil
        }
        guard elements.count <= Self.maxSearchFields else {
            fail(root.place("search"), "\(elements.count) search fields; at most \(Self.maxSearchFields) are allowed")
            return nil
        }
        var result: [KindSpec.SearchField] = []
        var firstUse: [String: Int] = [:]
        var failed = false
        for (index, element) in elements.enumerated() {
            let place = root.place("search") + "[\(index)]"
            guard case .object(let object) = element else {
                fail(
                    place,
                    "a search field is an object such as {\"path\": \"/name\", \"weight\": 100}, not \(element.typeName)"
                )
                failed = true
                continue
            }
            guard let field = searchField(Fields(object, at: place)) else {
                failed = true
                continue
            }
            if let first = firstUse[field.name] {
                fail(place + ".name", "\"\(field.name)\" is already the name of search[\(first)]")
                failed = true
                continue
            }
            firstUse[field.name] = index
            result.append(field)
        }
        return failed ? nil : result
    }

    private mutating func searchField(_ fields: Fields) -> KindSpec.SearchField? {
        let errorCount = errors.count
        check(fields, allowed: Self.searchKeys)
        let weight = integer(fields, "weight", in: 1...100, required: true)
        var source: KindSpec.SearchField.Source?
        var implicitName: String?
        switch (fields.value("path"), fields.value("template")) {
        case (_?, _?):
            fail(fields.place("template"), "give either \"path\" or \"template\", not both")
        case (nil, nil):
            fail(fields.place("path"), "required field is missing (or give a \"template\")")
        case (_?, nil):
            if let path = pointer(fields, "path", required: true, allowsWildcard: true) {
                source = .path(path)
                implicitName = path.topLevelKey
            }
        case (nil, _?):
            if let text = string(fields, "template") {
                do {
                    source = .template(try NameTemplate(parsing: text))
                } catch {
                    fail(fields.place("template"), error.reason)
                }
            }
        }
        var name = implicitName
        if let given = string(fields, "name") {
            if Self.isQueryFieldName(given) {
                name = given
            } else {
                fail(
                    fields.place("name"),
                    "\"\(given)\" cannot be used in queries: use letters, digits, \"_\", \"-\" and \".\", and not \"kind\""
                )
            }
        } else if fields.value("name") == nil, source != nil, implicitName == nil {
            fail(fields.place("name"), "required when the path is not a top-level field such as \"/city\"")
        } else if let implicitName, !Self.isQueryFieldName(implicitName) {
            fail(fields.place("name"), "required: the field \"\(implicitName)\" cannot be used in queries")
        }
        guard errors.count == errorCount, let name, let weight, let source else { return nil }
        // A column named like the search field must show the same value:
        // filters read the search field first.
        if let (place, column) = columnPlaces[name] {
            let same =
                switch source {
                case .path(let pointer): column.path == pointer
                case .template(let template): column.sourceDescription == template.description
                }
            if !same {
                let given = fields.value("name") != nil ? "is named" : "takes the name"
                let reads =
                    switch source {
                    case .path(let pointer): pointer.description
                    case .template(let template): template.description
                    }
                fail(
                    fields.place("name"),
                    "this search field \(given) \"\(name)\" and reads \(reads), but the header of \(place) "
                        + "(\"\(column.header)\") names \(column.sourceDescription) so; make them read the same value, "
                        + "or give the search field another \"name\"")
                return nil
            }
        }
        return KindSpec.SearchField(name: name, weight: weight, source: source)
    }

    static func isQueryFieldName(_ name: String) -> Bool {
        guard !name.isEmpty, name.count <= 64, name.lowercased() != "kind" else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-"
                || scalar == "."
        }
    }

    // MARK: - Typed values

    /// Reports unknown and repeated keys; `allowed` nil allows any key.
    private mutating func check(_ fields: Fields, allowed: [String]?) {
        var seen = Set<String>()
        var reported = Set<String>()
        for member in fields.object.members {
            if !seen.insert(member.key).inserted {
                if reported.insert(member.key).inserted {
                    fail(fields.place(member.key), "appears more than once")
                }
                continue
            }
            guard let allowed, !allowed.contains(member.key) else { continue }
            var message = "unknown key"
            if let suggestion = Self.closest(to: member.key, in: allowed) {
                message += "; did you mean \"\(suggestion)\"?"
            } else {
                message += "; expected one of " + allowed.joined(separator: ", ")
            }
            fail(fields.place(member.key), message)
        }
    }

    private mutating func string(_ fields: Fields, _ key: String) -> String? {
        guard let value = fields.value(key) else { return nil }
        guard case .string(let text) = value else {
            fail(fields.place(key), "expected a string, found \(value.typeName)")
            return nil
        }
        return text
    }

    /// A short human text such as a header: non-empty, one line, bounded.
    private mutating func text(_ fields: Fields, _ key: String, required: Bool, allowEmpty: Bool = false) -> String? {
        guard fields.value(key) != nil else {
            if required { fail(fields.place(key), "required field is missing") }
            return nil
        }
        guard let text = string(fields, key) else { return nil }
        if text.isEmpty && !allowEmpty {
            fail(fields.place(key), "must not be empty")
            return nil
        }
        if text.count > Self.maxTextLength {
            fail(fields.place(key), "longer than \(Self.maxTextLength) characters")
            return nil
        }
        if text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            fail(fields.place(key), "must be one line without control characters")
            return nil
        }
        return text
    }

    /// A kind name: lower-case letters, digits and `-`, starting with a letter.
    private mutating func kindName(_ fields: Fields, _ key: String, required: Bool) -> String? {
        guard fields.value(key) != nil else {
            if required { fail(fields.place(key), "required field is missing") }
            return nil
        }
        guard let name = string(fields, key) else { return nil }
        guard Self.isKindName(name) else {
            fail(
                fields.place(key),
                "\"\(name)\" is not a kind name: use lower-case letters, digits and \"-\", starting with a letter"
            )
            return nil
        }
        return name
    }

    /// Lower-case letters, digits and `-`, starting with a letter, at most 64.
    static func isKindName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        return !bytes.isEmpty && bytes.count <= 64 && (0x61...0x7A).contains(bytes[0])
            && bytes.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D }
    }

    private mutating func pointer(_ fields: Fields, _ key: String, required: Bool, allowsWildcard: Bool)
        -> JSONPointer?
    {
        guard fields.value(key) != nil else {
            if required { fail(fields.place(key), "required field is missing") }
            return nil
        }
        guard let text = string(fields, key) else { return nil }
        do {
            let pointer = try JSONPointer(parsing: text)
            guard !pointer.tokens.isEmpty else {
                fail(fields.place(key), "\"\" names the whole record; name a field, such as \"/name\"")
                return nil
            }
            if pointer.tokens.contains("") {
                let trimmed = pointer.tokens.filter { !$0.isEmpty }.map { JSONPointer(field: $0).description }.joined()
                fail(
                    fields.place(key),
                    "\"\(text)\" has an empty key (a \"/\" at its end, or two together)"
                        + (trimmed.isEmpty ? "" : "; did you mean \"\(trimmed)\"?"))
                return nil
            }
            if !allowsWildcard && pointer.hasWildcard {
                fail(fields.place(key), "\"\(text)\": \"*\" is not allowed here; name one value")
                return nil
            }
            return pointer
        } catch {
            var message = error.reason
            if let suggestion = JSONPointer.suggestion(for: text), (try? JSONPointer(parsing: suggestion)) != nil {
                message += "; did you mean \"\(suggestion)\"?"
            }
            fail(fields.place(key), message)
            return nil
        }
    }

    private mutating func integer(
        _ fields: Fields,
        _ key: String,
        in range: ClosedRange<Int>,
        required: Bool = false
    ) -> Int? {
        guard let value = fields.value(key) else {
            if required { fail(fields.place(key), "required field is missing") }
            return nil
        }
        guard case .number(let literal) = value else {
            fail(fields.place(key), "expected an integer, found \(value.typeName)")
            return nil
        }
        guard let number = Int(literal) else {
            if let double = Double(literal), double.isFinite, double == double.rounded(), abs(double) < 1e15 {
                fail(fields.place(key), "\(literal) is out of range \(range.lowerBound)...\(range.upperBound)")
            } else if let double = Double(literal), double.isFinite, abs(double) < 1e15 {
                fail(fields.place(key), "expected an integer, found \(literal)")
            } else {
                fail(fields.place(key), "\(literal) is out of range \(range.lowerBound)...\(range.upperBound)")
            }
            return nil
        }
        guard range.contains(number) else {
            fail(fields.place(key), "\(number) is out of range \(range.lowerBound)...\(range.upperBound)")
            return nil
        }
        return number
    }

    private mutating func boolean(_ fields: Fields, _ key: String) -> Bool? {
        guard let value = fields.value(key) else { return nil }
        guard case .bool(let flag) = value else {
            fail(fields.place(key), "expected true or false, found \(value.typeName)")
            return nil
        }
        return flag
    }

    private mutating func array(_ fields: Fields, _ key: String, required: Bool) -> [JSONValue]? {
        guard let value = fields.value(key) else {
            if required { fail(fields.place(key), "required field is missing") }
            return nil
        }
        guard case .array(let elements) = value else {
            fail(fields.place(key), "expected an array, found \(value.typeName)")
            return nil
        }
        return elements
    }

    private mutating func cellStyle(_ fields: Fields, _ key: String) -> CellStyle? {
        guard let name = string(fields, key) else { return nil }
        guard let style = Self.styles[name] else {
            fail(fields.place(key), "\"\(name)\" is not one of \(Self.styleNames.joined(separator: ", "))")
            return nil
        }
        return style
    }

    static let styleNames = ["plain", "bold", "dim", "red", "green", "yellow", "blue", "magenta", "cyan"]
    static let styles: [String: CellStyle] = [
        "plain": .plain, "bold": .bold, "dim": .dim, "red": .red, "green": .green, "yellow": .yellow, "blue": .blue,
        "magenta": .magenta, "cyan": .cyan,
    ]

    private mutating func fail(_ field: String?, _ message: String) {
        errors.append(KindSpecError(file: file, field: field, message))
    }

    /// The allowed key within two edits of `key`, if exactly one is closest.
    static func closest(to key: String, in allowed: [String]) -> String? {
        let scored = allowed.map { ($0, EditDistance.between(key.lowercased(), $0.lowercased(), limit: 2)) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= 2 else { return nil }
        return scored.filter { $0.1 == best.1 }.count == 1 ? best.0 : nil
    }
}

/// An object of a spec with its place, such as `columns[2]`.
private struct Fields {
    let object: JSONObject
    let path: String?

    init(_ object: JSONObject, at path: String?) {
        self.object = object
        self.path = path
    }

    func value(_ key: String) -> JSONValue? {
        object[key]
    }

    /// The place of `key` inside this object.
    func place(_ key: String) -> String {
        guard let path else { return key }
        return path + "." + key
    }
}
