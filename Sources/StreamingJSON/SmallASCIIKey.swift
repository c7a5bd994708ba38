/// The bits of a short ASCII string that Swift holds in place (at most 15
/// bytes, no storage of its own), for comparing keys without calling
/// `String.==`.
///
/// Two such strings are equal exactly when their bits are: the bits are the
/// bytes, the count and flags, with the unused bytes zero. A string of
/// another form (longer, non-ASCII, or with storage of its own) gives `nil`
/// and is compared as a string, since it may be canonically equivalent to
/// an ASCII one (`\u{212A}ind` and `Kind`). `SmallASCIIKeyTests` checks the
/// rule against `String.==`.
package struct SmallASCIIKey: Equatable, Sendable {
    private let low: UInt64
    private let high: UInt64

    /// The bits of `string`, or `nil` when it is not a short ASCII string
    /// held in place.
    @inline(__always)
    package init?(_ string: String) {
        guard Self.isSupported else { return nil }
        self.init(bits: unsafeBitCast(string, to: (UInt64, UInt64).self))
    }

    /// The short ASCII string whose bytes are `low` (the first eight, the
    /// first in the lowest byte) and `high` (the next seven), `count` of
    /// them, made as Swift makes it, or `nil` where strings are not laid
    /// out as this reads them. The bytes past `count` must be zero, and
    /// every byte below 0x80. `SmallASCIIKeyTests` checks the bits against
    /// `String(decoding:as:)`'s.
    @inline(__always)
    package static func string(low: UInt64, high: UInt64, count: Int) -> String? {
        guard isSupported, count <= 15 else { return nil }
        // The count and the flags (immortal, ASCII, small) in the top byte.
        var words = (low, high | (0xE0 | UInt64(truncatingIfNeeded: count)) &<< 56)
        // Moved out of the words, not cast from them: a cast gives a string
        // that must be copied to be returned, and a copy calls the runtime
        // to retain it (for nothing: such a string has no storage).
        return withUnsafeMutablePointer(to: &words) { words in
            UnsafeMutableRawPointer(words).withMemoryRebound(to: String.self, capacity: 1) { $0.move() }
        }
    }

    @inline(__always)
    private init?(bits: (UInt64, UInt64)) {
        // The top four bits of the second word of a small ASCII string:
        // immortal, ASCII, small, and not foreign.
        guard bits.1 >> 60 == 0xE else { return nil }
        low = bits.0
        high = bits.1
    }

    /// Whether the `String` whose two words are `words` holds no reference
    /// to count: it is held in place (at most 15 bytes) or is static, so
    /// that its bits may be copied or written over without a retain or a
    /// release. The top bit of the second word says so. `false` where
    /// strings are not laid out as this reads them. `SmallASCIIKeyTests`
    /// checks it on strings of every form.
    @inline(__always)
    package static func holdsNoReference(_ words: (UInt64, UInt64)) -> Bool {
        isSupported && words.1 >> 63 == 1
    }

    /// ``holdsNoReference(_:)-(UInt64,UInt64)`` for `string`.
    @inline(__always)
    package static func holdsNoReference(_ string: String) -> Bool {
        isSupported && holdsNoReference(unsafeBitCast(string, to: (UInt64, UInt64).self))
    }

    /// Whether `string` is this key, when its bits tell: `true` or `false`
    /// for a short ASCII string held in place, `nil` for any other (compare
    /// it as a string then). The second words are compared first: equal to
    /// this key's, they are those of a short ASCII string of its length,
    /// and the first words decide; otherwise only the other's form is
    /// looked at: most keys of a record differ in their second word.
    @inline(__always)
    package func matches(_ string: String) -> Bool? {
        let bits = unsafeBitCast(string, to: (UInt64, UInt64).self)
        if bits.1 == high { return bits.0 == low }
        return bits.1 >> 60 == 0xE ? false : nil
    }

    /// Whether two keys are the same: the second words (the count and the
    /// last bytes) first, as keys of one record mostly differ in length.
    @inline(__always)
    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.high == rhs.high && lhs.low == rhs.low
    }

    /// Whether strings are laid out as this reads them: two words, on a
    /// 64-bit platform whose small strings this was checked on.
    @inline(__always)
    private static var isSupported: Bool {
        #if (arch(x86_64) || arch(arm64)) && !os(Windows)
            MemoryLayout<String>.size == 16
        #else
            false
        #endif
    }

    /// The key's two words: two keys are equal exactly when their words
    /// are. For a caller in another module that compares many keys with
    /// each other, asking for each key's words once.
    package var words: (UInt64, UInt64) { (low, high) }

    /// Where a member's key is within a `JSONObject.Member`: first, as it
    /// is declared first (`SmallASCIIKeyTests` checks it with
    /// `MemoryLayout.offset(of:)`, which is not a constant here).
    package static var keyOffset: Int { 0 }
}
