import RawBytes
import StreamingJSON

/// Remembers, for a kind with computed search fields, whether the
/// prefilter's word can match a record with given values of the fields those
/// search fields read. Cards, for one, have 52 such records however many
/// lines hold them, so each line costs a lookup instead of a match.
///
/// Keys are bytes (``Key``): the kind's name and each value, tagged with its
/// type, so that a line's raw text and a decoded value make the same key. An
/// open-addressing table over one byte store: a lookup allocates nothing.
struct ComputedFieldMemo {
    /// A key being built: the kind's name, then each value read, in order.
    struct Key {
        /// The key is the first `count` bytes; the rest is room to grow.
        private var storage = [UInt8](repeating: 0, count: 256)
        private var count = 0
        /// The text of a value that has none (`null`, `true`, an absent field).
        private static let noText: [UInt8] = []

        /// Calls `body` with the key's bytes.
        func withBytes<Result>(_ body: (Span<UInt8>) -> Result) -> Result {
            body(storage.span.extracting(0..<count))
        }

        /// Starts a key for records of the kind named `kind`.
        mutating func start(kind: Span<UInt8>) {
            count = 0
            append(tag: 0, kind)
        }

        /// Starts a key for records of the kind named `kind`.
        mutating func start(kind: String) {
            var kind = kind
            kind.makeContiguousUTF8()
            start(kind: kind.utf8.span)
        }

        /// Adds a value read from a line: the text `scanFlat` found.
        mutating func append(_ value: JSONFieldScanner.RawValue, in line: Span<UInt8>) {
            append(tag: value.kind.rawValue &+ 1, line.extracting(value.start..<value.start + value.count))
        }

        /// Adds a decoded value; `false` for an array or an object, which
        /// are not remembered.
        mutating func append(_ value: JSONValue?) -> Bool {
            switch value {
            case nil:
                append(tag: JSONFieldScanner.RawValue.Kind.absent.rawValue &+ 1, Self.noText.span)
            case .string(var text)?:
                text.makeContiguousUTF8()
                append(tag: JSONFieldScanner.RawValue.Kind.string.rawValue &+ 1, text.utf8.span)
            case .number(var text)?:
                text.makeContiguousUTF8()
                append(tag: JSONFieldScanner.RawValue.Kind.number.rawValue &+ 1, text.utf8.span)
            case .bool(let flag)?:
                let kind: JSONFieldScanner.RawValue.Kind = flag ? .true : .false
                append(tag: kind.rawValue &+ 1, Self.noText.span)
            case .null?:
                append(tag: JSONFieldScanner.RawValue.Kind.null.rawValue &+ 1, Self.noText.span)
            case .array?, .object?: return false
            }
            return true
        }

        /// A tag byte, the length in four bytes (lowest first), then the bytes.
        private mutating func append(tag: UInt8, _ text: Span<UInt8>) {
            let needed = count + 5 + text.count
            if needed > storage.count { storage += [UInt8](repeating: 0, count: max(needed, storage.count)) }
            let start = count
            let length = UInt32(truncatingIfNeeded: text.count)
            var room = storage.mutableSpan
            room[start] = tag
            room[start + 1] = UInt8(truncatingIfNeeded: length)
            room[start + 2] = UInt8(truncatingIfNeeded: length >> 8)
            room[start + 3] = UInt8(truncatingIfNeeded: length >> 16)
            room[start + 4] = UInt8(truncatingIfNeeded: length >> 24)
            var offset = 0
            while offset < text.count {
                room[start &+ 5 &+ offset] = text[offset]
                offset &+= 1
            }
            count = needed
        }
    }

    /// Past this many entries, or this many bytes of keys, nothing more is
    /// remembered.
    static let capacity = 4_096
    static let byteCapacity = 1 << 20
    private var slots = [Int32](repeating: -1, count: 2 * capacity)
    /// Where each entry's key starts in `store`; one more at the end.
    private var starts: [Int] = [0]
    private var verdicts: [Bool] = []
    private var store: [UInt8] = []

    /// What was remembered for `key`, if anything.
    func lookup(_ key: Key) -> Bool? {
        key.withBytes { key in
            let store = store.span
            var slot = Self.hash(key) & (slots.count - 1)
            while true {
                let index = Int(slots[slot])
                if index < 0 { return nil }
                let start = starts[index]
                if starts[index + 1] - start == key.count, Self.bytes(of: store, from: start, equal: key) {
                    return verdicts[index]
                }
                slot = (slot + 1) & (slots.count - 1)
            }
        }
    }

    /// Remembers `matches` for `key`, while there is room.
    mutating func remember(_ matches: Bool, for key: Key) {
        key.withBytes { key in
            guard verdicts.count < Self.capacity, store.count + key.count <= Self.byteCapacity else { return }
            var slot = Self.hash(key) & (slots.count - 1)
            while slots[slot] >= 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = Int32(verdicts.count)
            store.append(copying: key)
            starts.append(store.count)
            verdicts.append(matches)
        }
    }

    /// Whether the bytes of `store` from `start` are those of `key`, eight
    /// at a time.
    @inline(__always)
    private static func bytes(of store: Span<UInt8>, from start: Int, equal key: Span<UInt8>) -> Bool {
        var offset = 0
        while offset &+ 8 <= key.count {
            if store.loadUInt64(at: start &+ offset) != key.loadUInt64(at: offset) { return false }
            offset &+= 8
        }
        while offset < key.count {
            if store[start &+ offset] != key[offset] { return false }
            offset &+= 1
        }
        return true
    }

    /// Eight bytes at a time, each word mixed by a multiply and a shift:
    /// a short key takes a few dependent multiplies, not one per byte.
    private static func hash(_ key: Span<UInt8>) -> Int {
        var hash = UInt64(truncatingIfNeeded: key.count) &* 0x9E37_79B9_7F4A_7C15
        var offset = 0
        while offset &+ 8 <= key.count {
            hash = (hash ^ key.loadUInt64(at: offset)) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash &>> 31
            offset &+= 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < key.count {
            tail |= UInt64(key[offset]) &<< shift
            shift &+= 8
            offset &+= 1
        }
        hash = (hash ^ tail) &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: hash ^ (hash &>> 29))
    }
}
