import RawBytes

/// The kinds a search has met, looked up by the name a record gives: kinds
/// alternate from record to record, and comparing a few short names beats
/// hashing one. A name of up to eight bytes is also found from its raw bytes
/// in a line, as one word, without making a `String`.
struct RecentKinds {
    /// Past this many kinds, new ones are looked up in the registry.
    static let capacity = 16

    private var names: [String] = []
    /// Each name's first eight bytes, zero-padded, little-endian.
    private var words: [UInt64] = []
    /// Each name's length in bytes, or -1 when it is longer than a word.
    private var lengths: [Int] = []
    private var routes: [KindRoute] = []
    /// Whether a line of the kind that the prefilter rules out is settled
    /// by its kind alone: it cannot match, and nothing needs its fields.
    private var settles: [Bool] = []
    /// What a ruled-out line of the kind needs looked up in
    /// ``ShortValueMemo``, when that memo can key it.
    private var shortReads: [ShortValueMemo.Reads] = []

    /// How to search the kind met as `name`, if it was met.
    func route(named name: String) -> KindRoute? {
        var index = 0
        while index < names.count {
            if names[index] == name { return routes[index] }
            index += 1
        }
        return nil
    }

    /// Where the kind whose name is `line[name]` is, if it was met; always
    /// `nil` for a name longer than eight bytes. With eight bytes left in
    /// the line from the name's start, the name's word is one load, its
    /// bytes past the name cleared.
    @inline(__always)
    func index(of name: Range<Int>, in line: Span<UInt8>) -> Int? {
        Self.index(of: name, in: line, words: words, lengths: lengths)
    }

    /// Where the name that is `line[name]` is among names kept as `words`
    /// and `lengths` (see ``key(_:)``).
    @inline(__always)
    static func index(of name: Range<Int>, in line: Span<UInt8>, words: [UInt64], lengths: [Int]) -> Int? {
        let count = name.count
        guard count <= 8, count > 0 else { return nil }
        let word: UInt64
        if name.lowerBound &+ 8 <= line.count {
            word = line.loadUInt64(at: name.lowerBound) & (UInt64.max &>> UInt64(64 &- count &* 8))
        } else {
            word = line.loadUInt64Prefix(at: name.lowerBound) & (UInt64.max &>> UInt64(64 &- count &* 8))
        }
        var index = 0
        while index < words.count {
            if words[index] == word, lengths[index] == count { return index }
            index &+= 1
        }
        return nil
    }

    /// A name's first eight bytes as a word, and its length, or -1 when it
    /// is longer.
    static func key(_ name: String) -> (word: UInt64, length: Int) {
        let utf8 = Array(name.utf8)
        var word: UInt64 = 0
        for (offset, byte) in utf8.prefix(8).enumerated() { word |= UInt64(byte) << UInt64(offset * 8) }
        return (word, utf8.count <= 8 ? utf8.count : -1)
    }

    /// The route of the kind at `index`.
    func route(at index: Int) -> KindRoute { routes[index] }

    /// Whether a ruled-out line of the kind at `index` is settled by its
    /// kind alone (see ``KindRoute/settlesRuledOutLines``).
    @inline(__always)
    func settlesRuledOutLines(at index: Int) -> Bool { settles[index] }

    /// What the computed search fields of the kind at `index` read, as
    /// ``ShortValueMemo`` keys its lines; ``ShortValueMemo/Reads/none`` for a
    /// kind read whole or without computed search fields.
    @inline(__always)
    func shortReads(at index: Int) -> ShortValueMemo.Reads { shortReads[index] }

    /// Remembers `route` for `name`, while there is room.
    mutating func add(_ route: KindRoute, named name: String) {
        guard names.count < Self.capacity else { return }
        let (word, length) = Self.key(name)
        names.append(name)
        words.append(word)
        lengths.append(length)
        routes.append(route)
        settles.append(route.settlesRuledOutLines)
        shortReads.append(route.readsWhole ? .none : route.memoizedReads.map(ShortValueMemo.Reads.init) ?? .none)
    }
}
