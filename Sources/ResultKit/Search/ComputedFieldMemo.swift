import StreamingJSON

/// Remembers, for a kind with computed search fields, whether the
/// prefilter's word can match a record with given values of the fields those
/// search fields read. Cards, for one, have 52 such records however many
/// lines hold them, so each line costs a lookup instead of a match.
///
/// An open-addressing table with a cheap hash (FNV-1a over the values'
/// bytes): a lookup allocates nothing, which `Dictionary` with an array
/// key cannot promise.
struct ComputedFieldMemo {
    private struct Entry {
        var kind: String
        var values: [JSONValue?]
        var matches: Bool
    }

    /// Past this many entries nothing more is remembered.
    static let capacity = 4_096
    private var slots = [Int32](repeating: -1, count: 2 * capacity)
    private var entries: [Entry] = []

    /// What was remembered for `kind` and the `values` at `reads`, if anything.
    func lookup(kind: String, values: [JSONValue?], reads: [Int]) -> Bool? {
        var slot = Self.hash(kind: kind, values: values, reads: reads) & (slots.count - 1)
        while true {
            let index = Int(slots[slot])
            if index < 0 { return nil }
            let entry = entries[index]
            if entry.kind == kind, reads.indices.allSatisfy({ entry.values[$0] == values[reads[$0]] }) {
                return entry.matches
            }
            slot = (slot + 1) & (slots.count - 1)
        }
    }

    /// Remembers `matches` for `kind` and the `values` at `reads`.
    mutating func remember(_ matches: Bool, kind: String, values: [JSONValue?], reads: [Int]) {
        guard entries.count < Self.capacity else { return }
        var slot = Self.hash(kind: kind, values: values, reads: reads) & (slots.count - 1)
        while slots[slot] >= 0 { slot = (slot + 1) & (slots.count - 1) }
        slots[slot] = Int32(entries.count)
        entries.append(Entry(kind: kind, values: reads.map { values[$0] }, matches: matches))
    }

    private static func hash(kind: String, values: [JSONValue?], reads: [Int]) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ text: String, tag: UInt8) {
            hash = (hash ^ UInt64(tag)) &* 0x100_0000_01b3
            for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }
        mix(kind, tag: 0)
        for index in reads {
            switch values[index] {
            case .string(let text)?: mix(text, tag: 1)
            case .number(let text)?: mix(text, tag: 2)
            case .bool(let flag)?: mix("", tag: flag ? 3 : 4)
            case .null?: mix("", tag: 5)
            case .array?, .object?: mix("", tag: 6)
            case nil: mix("", tag: 7)
            }
        }
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }
}
