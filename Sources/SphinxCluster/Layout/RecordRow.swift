package import ResultKit
import SearchEngine
package import StreamingJSON

/// One record as a row of the cluster's index (see ``ClusterLayout``): its
/// tokens, the numbers its filters and sort read, and what orders it among
/// the candidates. Everything is read from the record as a search reads it:
/// the search fields through its kind, filter values through
/// ``RecordFieldReading``.
package struct RecordRow {
    /// The row's values for `REPLACE INTO … (ClusterLayout.columns) VALUES`.
    package let values: String

    /// - Parameters:
    ///   - object: The record.
    ///   - kind: Its kind, as a search resolves it.
    ///   - storedKind: The kind name stored: what the record names (lower
    ///     case), empty when it names none.
    ///   - id: Its id (``RecordIdentity``).
    ///   - seq: Its place in the load order.
    ///   - location: Where it was read.
    package init(
        object: JSONObject, kind: ResultKind, storedKind: String, id: UInt64, seq: Int64, location: SourceLocation
    ) {
        var slots = [[String]](repeating: [], count: ClusterLayout.slotCount)
        var typos = [[String]](repeating: [], count: ClusterLayout.slotCount)
        var fuzzy: Set<String> = []
        var weights = [UInt32](repeating: 0, count: ClusterLayout.slotCount)
        var lengths = [UInt32](repeating: 0, count: ClusterLayout.slotCount)
        var innerReaches = [UInt32](repeating: 0, count: ClusterLayout.slotCount)
        var filled = [Bool](repeating: false, count: ClusterLayout.slotCount)
        for (index, field) in Self.orderedFields(of: kind).enumerated() {
            guard let text = field.text(object) else { continue }
            let slot = min(index, ClusterLayout.slotCount - 1)
            let tokens = FieldTokens(text)
            slots[slot] += tokens.words
            typos[slot] += tokens.typos
            fuzzy.formUnion(tokens.fuzzy)
            // A slot that holds several fields stands for the best of them:
            // the heaviest weight, the shortest text, the shortest inner reach.
            let weight = UInt32(clamping: max(field.weight, 0))
            let length = UInt32(clamping: text.count)
            let inner = UInt32(clamping: min(tokens.innerReach, ClusterLayout.noInnerStart))
            weights[slot] = filled[slot] ? max(weights[slot], weight) : weight
            lengths[slot] = filled[slot] ? min(lengths[slot], length) : length
            innerReaches[slot] = filled[slot] ? min(innerReaches[slot], inner) : inner
            filled[slot] = true
        }
        var named: [String] = []
        var numbers: [JSONObject.Member] = []
        var fieldNames: [String] = []
        var seen: Set<String> = []
        let searchFields = Set(kind.searchFields.map(\.name))
        for name in object.members.map(\.key) + kind.searchFields.map(\.name) where seen.insert(name).inserted {
            fieldNames.append(name)
        }
        // `kind:` names kinds, never a field's text.
        for name in fieldNames where name != "kind" {
            if let value = RecordFieldReading.filterValue(of: name, in: object, kind: kind) {
                numbers.append(.init(key: ClusterLayout.presenceKey(name), value: .number("1")))
                if let number = value.number, let key = SortableNumber.key(number) {
                    numbers.append(.init(key: ClusterLayout.filterKey(name), value: .number(String(key))))
                    named += NumberBlocks.tokens(code: ClusterLayout.fieldCode(name), key: key)
                }
                // A search field's text is in its slot already; a number
                // written plainly is only ever compared as a number (no text
                // that is not one is a part of it that starts a word).
                if !searchFields.contains(name) && !Self.isPlainNumber(value) {
                    named += FieldTokens(value.text, prefix: ClusterLayout.fieldCode(name), typos: false).words
                }
            }
            switch RecordFieldReading.sortPlace(of: name, in: object, kind: kind) {
            case .number(let number):
                if let key = SortableNumber.key(number) {
                    numbers.append(.init(key: ClusterLayout.sortKey(name), value: .number(String(key))))
                }
            case .text:
                numbers.append(.init(key: ClusterLayout.sortTextKey(name), value: .number("1")))
            case .missing:
                break
            }
        }
        var row = "(" + String(id)
        row.reserveCapacity(2048)
        // Tokens are letters, digits and `_` (``TokenSpelling``): no quoting
        // needed. A token twice (a word twice in a field) finds the record
        // as once does.
        func tokens(_ list: some Sequence<String>) {
            row += ",'"
            var first = true
            for token in list {
                if !first { row += " " }
                row += token
                first = false
            }
            row += "'"
        }
        func text(_ value: String) {
            row += ",'"
            row += SphinxQLText.sqlString(value)
            row += "'"
        }
        for slot in slots { tokens(slot) }
        for slot in typos { tokens(slot) }
        tokens(fuzzy.sorted())
        tokens(named)
        row += "," + String(seq) + "," + String(UInt32(clamping: location.line))
        text(location.file)
        text(storedKind.lowercased())
        text(JSONWriter.string(.object(object)))
        text(JSONWriter.string(.object(JSONObject(numbers))))
        for value in weights + lengths + innerReaches { row += "," + String(value) }
        self.values = row + ")"
    }

    /// Whether a field's value is a number written with digits, a point
    /// and signs only: `field:VALUE` compares it as a number whenever the
    /// value is a number, and a value that is not one (`e5`, `4.9.`) is
    /// never a part of such a text that holds a word.
    static func isPlainNumber(_ value: (text: String, number: Double?)) -> Bool {
        value.number != nil
            && value.text.utf8.allSatisfy { (0x30...0x39).contains($0) || $0 == 0x2E || $0 == 0x2B || $0 == 0x2D }
    }

    /// `kind`'s search fields, strongest first (equal weights in declared order).
    package static func orderedFields(of kind: ResultKind) -> [SearchField] {
        kind.searchFields.enumerated().sorted { a, b in
            a.element.weight != b.element.weight ? a.element.weight > b.element.weight : a.offset < b.offset
        }.map(\.element)
    }

}
