package import ResultKit
import SearchEngine
package import StreamingJSON

/// Writes records as rows of the cluster's index (see ``ClusterLayout``):
/// each record's tokens, the numbers its filters and sort read, and what
/// orders it among the candidates. Everything is read from the record as a
/// search reads it: the search fields through its kind, filter values
/// through ``RecordFieldReading``.
///
/// One encoder serves a whole load: what depends only on a kind (its search
/// fields in slot order) or on a field's name (its code and its keys in
/// `attrs`) is worked out the first time a record needs it, and the parts
/// of a row are put together in buffers kept from row to row.
package struct RowEncoder {
    /// What a row needs of its kind.
    private struct KindFields {
        /// The kind, held so that no other kind takes its identity while
        /// the encoder keeps this.
        let kind: ResultKind
        /// Its search fields, strongest first (``ClusterLayout/orderedFields(of:)``).
        let ordered: [SearchField]
        /// The names of its search fields.
        let names: [String]
    }

    /// What a row needs of a field's name: its code, and its keys in `attrs`.
    private struct FieldKeys {
        /// ``ClusterLayout/fieldCode(_:)``.
        let code: String
        /// ``ClusterLayout/presenceKey(_:)``.
        let presence: [UInt8]
        /// ``ClusterLayout/filterKey(_:)``.
        let filter: [UInt8]
        /// ``ClusterLayout/sortKey(_:)``.
        let sort: [UInt8]
        /// ``ClusterLayout/sortTextKey(_:)``.
        let sortText: [UInt8]

        init(_ name: String) {
            code = ClusterLayout.fieldCode(name)
            presence = Array(ClusterLayout.presenceKey(name).utf8)
            filter = Array(ClusterLayout.filterKey(name).utf8)
            sort = Array(ClusterLayout.sortKey(name).utf8)
            sortText = Array(ClusterLayout.sortTextKey(name).utf8)
        }
    }

    /// What orders a record among the candidates by one slot. A slot that
    /// holds several fields stands for the best of them: the heaviest
    /// weight, the shortest text, the shortest inner reach.
    private struct SlotOrder {
        var weight: UInt32 = 0
        var length: UInt32 = 0
        var innerReach: UInt32 = 0
        var filled = false

        mutating func add(weight: UInt32, length: UInt32, innerReach: UInt32) {
            self.weight = filled ? max(self.weight, weight) : weight
            self.length = filled ? min(self.length, length) : length
            self.innerReach = filled ? min(self.innerReach, innerReach) : innerReach
            filled = true
        }
    }

    private var kinds: [ObjectIdentifier: KindFields] = [:]
    private var keys: [String: FieldKeys] = [:]

    // The parts of the row being written, kept from row to row.
    private var words = [[UInt8]](repeating: [], count: ClusterLayout.slotCount)
    private var typos = [[TokenSpelling.HashedToken]](repeating: [], count: ClusterLayout.slotCount)
    private var fuzzy: [UInt32] = []
    private var named: [UInt8] = []
    private var attrs: [UInt8] = []
    private var fieldNames: [String] = []
    private var seen: Set<String> = []
    private var json: [UInt8] = []

    package init() {}

    /// Appends the row of a record: its values for `REPLACE INTO …
    /// (ClusterLayout.columns) VALUES`.
    /// - Parameters:
    ///   - object: The record.
    ///   - kind: Its kind, as a search resolves it.
    ///   - storedKind: The kind name stored: what the record names (lower
    ///     case), empty when it names none.
    ///   - id: Its id (``RecordIdentity``).
    ///   - seq: Its place in the load order.
    ///   - location: Where it was read.
    ///   - row: The buffer to append the row's UTF-8 bytes to.
    package mutating func append(
        object: JSONObject, kind: ResultKind, storedKind: String, id: UInt64, seq: Int64, location: SourceLocation,
        to row: inout [UInt8]
    ) {
        let fields = kindFields(kind)
        for slot in 0..<ClusterLayout.slotCount {
            words[slot].removeAll(keepingCapacity: true)
            typos[slot].removeAll(keepingCapacity: true)
        }
        fuzzy.removeAll(keepingCapacity: true)
        var orders = [SlotOrder](repeating: SlotOrder(), count: ClusterLayout.slotCount)
        for (index, field) in fields.ordered.enumerated() {
            guard let text = field.text(object) else { continue }
            let slot = min(index, ClusterLayout.slotCount - 1)
            let tokens = FieldTokens(text)
            Self.appendList(tokens.spelledWords, to: &words[slot])
            typos[slot] += tokens.typoTokens
            fuzzy += tokens.fuzzyUnits
            orders[slot].add(
                weight: UInt32(clamping: max(field.weight, 0)), length: UInt32(clamping: text.count),
                innerReach: UInt32(clamping: min(tokens.innerReach, ClusterLayout.noInnerStart)))
        }

        named.removeAll(keepingCapacity: true)
        attrs.removeAll(keepingCapacity: true)
        fieldNames.removeAll(keepingCapacity: true)
        seen.removeAll(keepingCapacity: true)
        for member in object.members where seen.insert(member.key).inserted { fieldNames.append(member.key) }
        for name in fields.names where seen.insert(name).inserted { fieldNames.append(name) }
        // `kind:` names kinds, never a field's text.
        for name in fieldNames where name != "kind" {
            let keys = fieldKeys(name)
            if let value = RecordFieldReading.filterValue(of: name, in: object, kind: kind) {
                appendAttribute(keys.presence, 1)
                if let number = value.number, let key = SortableNumber.key(number) {
                    appendAttribute(keys.filter, key)
                    NumberBlocks.appendTokens(code: keys.code, key: key, to: &named)
                }
                // A search field's text is in its slot already; a number
                // written plainly is only ever compared as a number (no text
                // that is not one is a part of it that starts a word).
                if !fields.names.contains(name) && !Self.isPlainNumber(value) {
                    Self.appendList(
                        FieldTokens(value.text, prefix: keys.code, typos: false).spelledWords, to: &named)
                }
            }
            switch RecordFieldReading.sortPlace(of: name, in: object, kind: kind) {
            case .number(let number):
                if let key = SortableNumber.key(number) { appendAttribute(keys.sort, key) }
            case .text:
                appendAttribute(keys.sortText, 1)
            case .missing:
                break
            }
        }

        row.append(UInt8(ascii: "("))
        row.appendDecimal(id)
        // Tokens are letters, digits and `_` (``TokenSpelling``): no quoting
        // needed. A token twice (a word twice in a field) finds the record
        // as once does.
        for slot in words { Self.appendQuoted(slot, to: &row) }
        for slot in typos {
            row.append(contentsOf: ",'".utf8)
            for (index, token) in slot.enumerated() {
                if index > 0 { row.append(0x20) }
                token.append(to: &row)
            }
            row.append(UInt8(ascii: "'"))
        }
        row.append(contentsOf: ",'".utf8)
        for (index, unit) in FieldTokens.inTokenOrder(fuzzy).enumerated() {
            if index > 0 { row.append(0x20) }
            TokenSpelling.append(.fuzzy, to: &row)
            TokenSpelling.append(unit, to: &row)
        }
        row.append(UInt8(ascii: "'"))
        Self.appendQuoted(named, to: &row)
        row.append(UInt8(ascii: ","))
        row.appendDecimal(seq)
        row.append(UInt8(ascii: ","))
        row.appendDecimal(UInt32(clamping: location.line))
        Self.appendText(location.file.utf8, to: &row)
        Self.appendText(storedKind.lowercased().utf8, to: &row)
        json.removeAll(keepingCapacity: true)
        JSONWriter.write(.object(object), into: &json)
        Self.appendText(json, to: &row)
        // The keys are letters and digits, the values integers: JSON as
        // `JSONWriter` writes it, with nothing to escape.
        if attrs.isEmpty { attrs.append(UInt8(ascii: "{")) }
        attrs.append(UInt8(ascii: "}"))
        Self.appendQuoted(attrs, to: &row)
        for order in orders {
            row.append(UInt8(ascii: ","))
            row.appendDecimal(order.weight)
        }
        for order in orders {
            row.append(UInt8(ascii: ","))
            row.appendDecimal(order.length)
        }
        for order in orders {
            row.append(UInt8(ascii: ","))
            row.appendDecimal(order.innerReach)
        }
        row.append(UInt8(ascii: ")"))
    }

    /// What a row needs of `kind`, worked out once.
    private mutating func kindFields(_ kind: ResultKind) -> KindFields {
        if let known = kinds[kind.identity] { return known }
        let fields = KindFields(
            kind: kind, ordered: ClusterLayout.orderedFields(of: kind), names: kind.searchFields.map(\.name))
        kinds[kind.identity] = fields
        return fields
    }

    /// What a row needs of the field `name`, worked out once.
    private mutating func fieldKeys(_ name: String) -> FieldKeys {
        if let known = keys[name] { return known }
        let made = FieldKeys(name)
        keys[name] = made
        return made
    }

    /// Adds `"key":value` to the `attrs` object being written.
    private mutating func appendAttribute(_ key: [UInt8], _ value: Int64) {
        attrs.append(attrs.isEmpty ? UInt8(ascii: "{") : UInt8(ascii: ","))
        attrs.append(UInt8(ascii: "\""))
        attrs.append(contentsOf: key)
        attrs.append(contentsOf: "\":".utf8)
        attrs.appendDecimal(value)
    }

    /// Appends a list of tokens separated by spaces to another.
    private static func appendList(_ tokens: [UInt8], to list: inout [UInt8]) {
        guard !tokens.isEmpty else { return }
        _ = TokenSpelling.beginToken(in: &list)
        list.append(contentsOf: tokens)
    }

    /// Appends `,'` `value` `'`, for a value that needs no escaping.
    private static func appendQuoted(_ value: [UInt8], to row: inout [UInt8]) {
        row.append(contentsOf: ",'".utf8)
        row.append(contentsOf: value)
        row.append(UInt8(ascii: "'"))
    }

    /// Appends `,'` `text` `'`, the text escaped (``SphinxQLText/sqlString(_:)``).
    private static func appendText(_ text: some Collection<UInt8>, to row: inout [UInt8]) {
        row.append(contentsOf: ",'".utf8)
        SphinxQLText.appendSQLString(text, to: &row)
        row.append(UInt8(ascii: "'"))
    }

    /// Whether a field's value is a number written with digits, a point
    /// and signs only: `field:VALUE` compares it as a number whenever the
    /// value is a number, and a value that is not one (`e5`, `4.9.`) is
    /// never a part of such a text that holds a word.
    static func isPlainNumber(_ value: (text: String, number: Double?)) -> Bool {
        value.number != nil
            && value.text.utf8.allSatisfy { (0x30...0x39).contains($0) || $0 == 0x2E || $0 == 0x2B || $0 == 0x2D }
    }
}
