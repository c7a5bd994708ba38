/// How the cluster writes the matcher's folded units as full-text tokens.
///
/// The cluster never splits or folds text by rules of its own: every token
/// is made here from units that ``TextMatching`` folded and split, and
/// written in the letters `a`–`z`, the digits and `_` only, so that the
/// index's `charset_table` is those 37 characters and every script the
/// matcher folds is searched alike.
///
/// - A unit that is a lower-case ASCII letter or a digit is itself; any
///   other unit is `_`, its scalar value in lower-case hexadecimal, `_`
///   (`尼` is `_5c3c_`). The code is uniquely decodable and each unit's
///   spelling is a fixed word, so a text that holds a sequence of units
///   holds its spelling, and a token that starts with a word's spelling
///   starts with the word.
/// - A token starts with a unit's spelling or with a marker: `_` and a
///   letter past `f`, which no spelling starts with.
/// - `searchd` cuts words at ``maxTokenBytes``: a token that would be longer
///   is cut at a unit (for a word start, whose prefix is what is searched)
///   or replaced by a hash (for a token only ever compared whole).
enum TokenSpelling {
    /// The longest word `searchd` 2.2 keeps (`SPH_MAX_WORD_LEN`); it cuts longer ones.
    static let maxTokenBytes = 42

    /// The markers that start tokens, each `_` and a letter no spelling starts with.
    enum Marker: String, CaseIterable {
        /// A word at the field's start: a match there is exact or a prefix.
        case fieldStart = "_s"
        /// A word after whitespace.
        case afterSpace = "_w"
        /// A word after punctuation, a symbol, or inside a word (`CoffeeHouse`'s `house`).
        case afterOther = "_o"
        /// The whole field's text, hashed: an exact match.
        case wholeField = "_v"
        /// Part of a long word past its first token, for substrings.
        case laterPart = "_k"
        /// A word's first unit and a variant of the four after it, hashed: typos.
        case typo = "_y"
        /// A four-letter word with one of its last three letters left out, hashed: short typos.
        case shortTypo = "_z"
        /// A token too long to spell, hashed.
        case hashed = "_g"
        /// A unit a record's search fields hold: fuzzy matches.
        case fuzzy = "_f"
        /// A connector between two words of the field (`&`, `+`, `'n'`,
        /// `and`): a query's connector matches any.
        case connector = "_j"
        /// A block of numbers a filter compares (``NumberBlocks``).
        case numberBlock = "_n"
    }

    /// The markers of word starts, by where the word starts.
    static let wordStartMarkers: [Marker] = [.fieldStart, .afterSpace, .afterOther]

    /// Appends the spelling of one unit.
    static func append(_ unit: UInt32, to output: inout String) {
        var bytes: [UInt8] = []
        append(unit, to: &bytes)
        output += String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the spelling of one unit, as UTF-8.
    static func append(_ unit: UInt32, to bytes: inout [UInt8]) {
        forEachByte(of: unit) { bytes.append($0) }
    }

    /// Calls `body` with each byte of one unit's spelling, in order.
    private static func forEachByte(of unit: UInt32, _ body: (UInt8) -> Void) {
        if (0x61...0x7A).contains(unit) || (0x30...0x39).contains(unit) {
            body(UInt8(unit))
            return
        }
        body(0x5F)
        var shift = 28
        while shift > 0 && unit >> UInt32(shift) == 0 { shift -= 4 }
        while shift >= 0 {
            let digit = UInt8((unit >> UInt32(shift)) & 0xF)
            body(digit < 10 ? 0x30 + digit : 0x61 + digit - 10)
            shift -= 4
        }
        body(0x5F)
    }

    /// The spelling of `units`.
    static func spell(_ units: some Sequence<UInt32>) -> String {
        var bytes: [UInt8] = []
        for unit in units { append(unit, to: &bytes) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The number of bytes one unit's spelling takes.
    static func width(_ unit: UInt32) -> Int {
        if (0x61...0x7A).contains(unit) || (0x30...0x39).contains(unit) { return 1 }
        // A hexadecimal digit for every four bits, one at least.
        let digits = max(1, (unit.bitWidth - unit.leadingZeroBitCount + 3) / 4)
        return digits + 2
    }

    /// Appends a marker's spelling.
    static func append(_ marker: Marker, to bytes: inout [UInt8]) {
        for byte in marker.rawValue.utf8 { bytes.append(byte) }
    }

    /// A unit's place when tokens that differ in it sort as text: its
    /// spelling's bytes, first byte highest, in a number of
    /// ``maxUnitBytes`` bytes (a shorter spelling is followed by zeros, so
    /// it sorts before the longer ones it starts).
    static func spellingOrder(_ unit: UInt32) -> UInt64 {
        var order: UInt64 = 0
        var count = 0
        forEachByte(of: unit) { byte in
            order = order << 8 | UInt64(byte)
            count += 1
        }
        return order << UInt64(8 * (maxUnitBytes - count))
    }

    /// Starts a token in a list of tokens separated by spaces: appends the
    /// space unless the list is empty, and returns where the token starts.
    static func beginToken(in list: inout [UInt8]) -> Int {
        if !list.isEmpty { list.append(0x20) }
        return list.count
    }

    /// `prefix` and as many of `units` as fit in a token: a word start whose
    /// prefixes are searched.
    static func cut(_ prefix: String, _ units: some Collection<UInt32>) -> String {
        var bytes = Array(prefix.utf8)
        appendCut(units, token: 0, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends as many of `units` as fit in the token that starts at
    /// `start` of `bytes` and runs to its end (``cut(_:_:)``), and returns
    /// how many that is.
    @discardableResult
    static func appendCut(_ units: some Collection<UInt32>, token start: Int, to bytes: inout [UInt8]) -> Int {
        var taken = 0
        for unit in units {
            guard bytes.count - start + width(unit) <= maxTokenBytes else { break }
            append(unit, to: &bytes)
            taken += 1
        }
        return taken
    }

    /// How many bytes of `units`' spelling a token holds when `room` bytes
    /// of it are left for them (as ``cut(_:_:)`` cuts them).
    static func cutWidth(_ units: some Collection<UInt32>, room: Int) -> Int {
        var bytes = 0
        for unit in units {
            guard bytes + width(unit) <= room else { break }
            bytes += width(unit)
        }
        return bytes
    }

    /// `prefix` and `units` spelled, or hashed when that is too long: a
    /// token only ever compared whole.
    static func whole(_ prefix: String, _ units: some Collection<UInt32>) -> String {
        var bytes = Array(prefix.utf8)
        appendWhole(units, token: 0, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `units` to the token that starts at `start` of `bytes` and
    /// runs to its end, or their hash when that is too long (``whole(_:_:)``).
    static func appendWhole(_ units: some Collection<UInt32>, token start: Int, to bytes: inout [UInt8]) {
        let head = bytes.count
        for unit in units {
            append(unit, to: &bytes)
            if bytes.count - start > maxTokenBytes {
                bytes.removeSubrange(head...)
                HashedToken(.hashed, units).append(to: &bytes)
                return
            }
        }
    }

    /// ``hash(_:)`` cut to eight letters and digits, for a token: one in
    /// about 2.8 × 10¹² tokens shares it (a candidate too many, never too
    /// few), and `searchd` indexes the parts of shorter words faster.
    static func tokenHash(_ units: some Sequence<UInt32>) -> String {
        var bytes: [UInt8] = []
        var hash = UnitHash()
        for unit in units { hash.add(unit) }
        appendHashDigits(hash.value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A hash of `units`, in base 36 (13 letters and digits): 64 bits of
    /// FNV-1a, mixed. Two texts that hash alike make a candidate too many,
    /// never one too few.
    static func hash(_ units: some Sequence<UInt32>) -> String {
        var hash = UnitHash()
        for unit in units { hash.add(unit) }
        return String(hash.value, radix: 36)
    }

    /// Appends the first eight base-36 digits of a hash (``tokenHash(_:)``).
    static func appendHashDigits(_ value: UInt64, to bytes: inout [UInt8]) {
        var digits = value
        while digits >= 2_821_109_907_456 { digits /= 36 }
        bytes.appendDigits(digits, radix: 36)
    }

    /// ``hash(_:)`` built unit by unit.
    struct UnitHash {
        private var state: UInt64 = 0xcbf2_9ce4_8422_2325

        mutating func add(_ unit: UInt32) {
            for shift in stride(from: 0, to: 32, by: 8) {
                state ^= UInt64((unit >> UInt32(shift)) & 0xFF)
                state = state &* 0x100_0000_01b3
            }
        }

        /// The hash: a finalizer, so that texts that differ in their last
        /// unit differ in every digit.
        var value: UInt64 {
            var value = state
            value ^= value >> 33
            value = value &* 0xff51_afd7_ed55_8ccd
            value ^= value >> 33
            return value
        }
    }

    /// A token that is a marker and eight letters and digits of a hash (as
    /// ``tokenHash(_:)`` cuts it), kept as the hash until it is written.
    struct HashedToken: Equatable {
        let marker: Marker
        /// The whole hash (``UnitHash/value``).
        let hash: UInt64

        init(_ marker: Marker, hash: UInt64) {
            self.marker = marker
            self.hash = hash
        }

        /// `marker` and the hash of `units`.
        init(_ marker: Marker, _ units: some Sequence<UInt32>) {
            var hash = UnitHash()
            for unit in units { hash.add(unit) }
            self.init(marker, hash: hash.value)
        }

        /// Appends the token's spelling.
        func append(to bytes: inout [UInt8]) {
            TokenSpelling.append(marker, to: &bytes)
            TokenSpelling.appendHashDigits(hash, to: &bytes)
        }

        /// The token's spelling.
        var spelling: String {
            var bytes: [UInt8] = []
            append(to: &bytes)
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// The pieces of `units`' spelling that a text holding `units` holds
    /// whole in one of its tokens (see ``FieldTokens``'s long words): spans
    /// of at most ``pieceBytes`` bytes, cut at units, each at least two
    /// bytes long (`searchd` looks for no shorter part of a word).
    static func pieces(_ units: some Collection<UInt32>) -> [String] {
        var pieces: [String] = []
        var current = ""
        for unit in units {
            if current.utf8.count + width(unit) > pieceBytes {
                pieces.append(current)
                current = ""
            }
            append(unit, to: &current)
        }
        pieces.append(current)
        return pieces.filter { $0.utf8.count >= 2 }
    }

    /// The longest piece of a word that is whole in one token of every word
    /// holding it (see ``FieldTokens``: a long word's tokens start close
    /// enough together for that).
    static let pieceBytes = 13
    /// The most bytes one unit's spelling takes (`_10ffff_`).
    static let maxUnitBytes = 8
}
