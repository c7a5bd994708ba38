import RawBytes
import StreamingJSON

/// ``ComputedFieldMemo`` for the common ruled-out line, kept in front of it:
/// a kind met before (by its place among the recent kinds, whose names are
/// at most eight bytes) whose computed search fields read at most three
/// values, each at most eight bytes of text. Such a line's key is four words
/// made from its bytes where they are, so a line costs a few loads, a hash
/// and one compare: no bytes are copied and no reference is counted.
///
/// The key holds what ``ComputedFieldMemo/Key`` holds (the kind's name, each
/// value's type, length and bytes), so a verdict remembered here is the one
/// the memo behind it gives for the same line.
struct ShortValueMemo {
    /// What a kind's computed search fields read, when this memo can key its
    /// lines: at most three indices into the raw values.
    struct Reads {
        /// How many values are read; -1 when this memo cannot key the kind.
        let count: Int
        let first: Int
        let second: Int
        let third: Int

        /// No reads this memo can key.
        static let none = Reads(count: -1, first: 0, second: 0, third: 0)

        private init(count: Int, first: Int, second: Int, third: Int) {
            (self.count, self.first, self.second, self.third) = (count, first, second, third)
        }

        /// The reads `indices`, or ``none`` for more than three.
        init(_ indices: [Int]) {
            guard indices.count <= 3 else {
                self = .none
                return
            }
            let padded = indices + [0, 0, 0]
            self.init(count: indices.count, first: padded[0], second: padded[1], third: padded[2])
        }
    }

    /// A line's key: the kind's place and the phase, each value's type and
    /// length (`head`), then each value's bytes, zero-padded.
    struct Key: Equatable {
        var head: UInt64
        var first: UInt64
        var second: UInt64
        var third: UInt64

        /// The key of no line, that fills the empty slots.
        fileprivate static let empty = Key()

        private init() { (head, first, second, third) = (0, 0, 0, 0) }

        /// The key of a line whose raw values `scanFlat` found in `raw`, of
        /// the recent kind at `kind` (below 128), or `nil` when the kind's
        /// reads are ``Reads/none`` or a value is longer than eight bytes.
        @inline(__always)
        init?(
            kind: Int, fuzzily: Bool, reads: Reads, raw: Span<JSONFieldScanner.RawValue>, line: Span<UInt8>
        ) {
            guard reads.count >= 0, !line.isEmpty else { return nil }
            head = UInt64(truncatingIfNeeded: kind) | (fuzzily ? 0x80 : 0)
            (first, second, third) = (0, 0, 0)
            guard reads.count > 0 else { return }
            guard let first = Self.word(raw[reads.first], shift: 8, into: &head, line: line) else { return nil }
            self.first = first
            guard reads.count > 1 else { return }
            guard let second = Self.word(raw[reads.second], shift: 16, into: &head, line: line) else { return nil }
            self.second = second
            guard reads.count > 2 else { return }
            guard let third = Self.word(raw[reads.third], shift: 24, into: &head, line: line) else { return nil }
            self.third = third
        }

        /// The bytes of `value` as a word, its type and length put in `head`
        /// at `shift`; `nil` past eight bytes.
        @inline(__always)
        private static func word(
            _ value: JSONFieldScanner.RawValue, shift: UInt64, into head: inout UInt64, line: Span<UInt8>
        ) -> UInt64? {
            let length = value.count
            guard length <= 8 else { return nil }
            head |= (UInt64(value.kind.rawValue) | UInt64(truncatingIfNeeded: length) &<< 4) &<< shift
            guard length > 0 else { return 0 }
            return line.loadUInt64Prefix(at: value.start) & (UInt64.max &>> UInt64(64 &- length &* 8))
        }

        @inline(__always)
        fileprivate var hash: Int {
            var hash = head &* 0x9E37_79B9_7F4A_7C15
            hash = (hash ^ first) &* 0xBF58_476D_1CE4_E5B9
            hash = (hash ^ second) &* 0x94D0_49BB_1331_11EB
            hash = (hash ^ third) &* 0x9E37_79B9_7F4A_7C15
            return Int(truncatingIfNeeded: hash ^ (hash &>> 32))
        }
    }

    /// Past this many entries nothing more is remembered (the memo behind
    /// still answers).
    static let capacity = 1_024
    /// Twice ``capacity`` slots, made with the first entry.
    private var keys: [Key] = []
    /// Each slot's verdict: 0 empty, 1 cannot match, 2 may match.
    private var verdicts: [UInt8] = []
    private var count = 0

    /// What was remembered for `key`, if anything.
    @inline(__always)
    func lookup(_ key: Key) -> Bool? {
        guard !verdicts.isEmpty else { return nil }
        let keys = keys.span
        let verdicts = verdicts.span
        let mask = verdicts.count &- 1
        var slot = key.hash & mask
        while true {
            let verdict = verdicts[slot]
            if verdict == 0 { return nil }
            if keys[slot] == key { return verdict == 2 }
            slot = (slot &+ 1) & mask
        }
    }

    /// Remembers `matches` for `key`, which is not remembered yet, while
    /// there is room.
    mutating func remember(_ matches: Bool, for key: Key) {
        guard count < Self.capacity else { return }
        if verdicts.isEmpty {
            keys = Array(repeating: .empty, count: 2 * Self.capacity)
            verdicts = Array(repeating: 0, count: 2 * Self.capacity)
        }
        let mask = verdicts.count - 1
        var slot = key.hash & mask
        while verdicts[slot] != 0 { slot = (slot + 1) & mask }
        keys[slot] = key
        verdicts[slot] = matches ? 2 : 1
        count += 1
    }
}
