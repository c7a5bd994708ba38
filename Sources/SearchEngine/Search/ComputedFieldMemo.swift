import StreamingJSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

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

        /// Calls `body` with the key's bytes.
        func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
            storage.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[..<count])) }
        }

        /// Starts a key for records of the kind named `kind`.
        mutating func start(kind: UnsafeRawBufferPointer) {
            count = 0
            append(tag: 0, kind)
        }

        /// Starts a key for records of the kind named `kind`.
        mutating func start(kind: String) {
            var kind = kind
            kind.withUTF8 { start(kind: UnsafeRawBufferPointer($0)) }
        }

        /// Adds a value read from a line: the text `scanFlat` found.
        mutating func append(_ value: JSONFieldScanner.RawValue, in line: UnsafeRawBufferPointer) {
            append(
                tag: value.kind.rawValue &+ 1,
                UnsafeRawBufferPointer(rebasing: line[value.start..<value.start + value.count]))
        }

        /// Adds a decoded value; `false` for an array or an object, which
        /// are not remembered.
        mutating func append(_ value: JSONValue?) -> Bool {
            switch value {
            case nil:
                append(
                    tag: JSONFieldScanner.RawValue.Kind.absent.rawValue &+ 1,
                    UnsafeRawBufferPointer(start: nil, count: 0))
            case .string(var text)?:
                text.withUTF8 {
                    append(tag: JSONFieldScanner.RawValue.Kind.string.rawValue &+ 1, UnsafeRawBufferPointer($0))
                }
            case .number(var text)?:
                text.withUTF8 {
                    append(tag: JSONFieldScanner.RawValue.Kind.number.rawValue &+ 1, UnsafeRawBufferPointer($0))
                }
            case .bool(let flag)?:
                let kind: JSONFieldScanner.RawValue.Kind = flag ? .true : .false
                append(tag: kind.rawValue &+ 1, UnsafeRawBufferPointer(start: nil, count: 0))
            case .null?:
                append(
                    tag: JSONFieldScanner.RawValue.Kind.null.rawValue &+ 1, UnsafeRawBufferPointer(start: nil, count: 0)
                )
            case .array?, .object?: return false
            }
            return true
        }

        /// A tag byte, the length in four bytes, then the bytes.
        private mutating func append(tag: UInt8, _ text: UnsafeRawBufferPointer) {
            let needed = count + 5 + text.count
            // The header is stored as eight bytes, of which five are kept.
            if needed + 3 > storage.count { storage += [UInt8](repeating: 0, count: max(needed + 3, storage.count)) }
            let header = (UInt64(tag) | UInt64(UInt32(truncatingIfNeeded: text.count)) << 8).littleEndian
            storage.withUnsafeMutableBytes { storage in
                storage.storeBytes(of: header, toByteOffset: count, as: UInt64.self)
                guard let base = storage.baseAddress, let text = text.baseAddress else { return }
                (base + count + 5).copyMemory(from: text, byteCount: needed - count - 5)
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
            var slot = Self.hash(key) & (slots.count - 1)
            while true {
                let index = Int(slots[slot])
                if index < 0 { return nil }
                let start = starts[index]
                if starts[index + 1] - start == key.count, let keyBase = key.baseAddress,
                    store.withUnsafeBufferPointer({ $0.baseAddress.map { memcmp($0 + start, keyBase, key.count) } })
                        == 0
                {
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
            store.append(contentsOf: key)
            starts.append(store.count)
            verdicts.append(matches)
        }
    }

    /// Eight bytes at a time, each word mixed by a multiply and a shift:
    /// a short key takes a few dependent multiplies, not one per byte.
    private static func hash(_ key: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = key.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        var hash = UInt64(truncatingIfNeeded: key.count) &* 0x9E37_79B9_7F4A_7C15
        var offset = 0
        while offset &+ 8 <= key.count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash &>> 31
            offset &+= 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < key.count {
            tail |= UInt64(base[offset]) &<< shift
            shift &+= 8
            offset &+= 1
        }
        hash = (hash ^ tail) &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: hash ^ (hash &>> 29))
    }
}
