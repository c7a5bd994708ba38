import TextMatching

/// The tokens a field's text is indexed by: for every rule of the matcher
/// (see ``MatchRule``), what a text holds when a pattern can match it by
/// that rule. ``PatternTokens`` asks for the same tokens from the pattern's
/// side; the two are the cluster's copy of the matcher, and nothing else.
///
/// Word boundaries, folding and the typo budget are the matcher's own
/// (``WordStructure``, ``TextMatcher``): no tokenizer of `searchd` splits
/// the text. A text that spells emoji (`🦊🐾.ws`) is indexed spelled out
/// too, as the matcher reads it when nothing else matches.
struct FieldTokens {
    /// Tokens of the contiguous tiers: words, word starts, parts of long
    /// words, and the whole field; spelled, separated by spaces.
    private(set) var spelledWords: [UInt8] = []
    /// Tokens of typos: each word start's variants, hashed.
    private(set) var typoTokens: [TokenSpelling.HashedToken] = []
    /// The units of fuzzy matches: each telling unit the text holds, once,
    /// in the order of their tokens (see ``tellingUnits(_:)``,
    /// ``fuzzyToken(_:)``).
    private(set) var fuzzyUnits: [UInt32] = []
    /// The fewest units from a word's start to a word that starts inside
    /// it (`CoffeeHouse`: 6, `b42`: 1), `Int.max` when none does: a match
    /// that runs across such a start scores more than one that does not,
    /// and a match that starts at a word start and covers fewer units
    /// cannot run across one.
    private(set) var innerReach = Int.max

    /// The tokens of `text`, each after `prefix` (a field's code, for the
    /// named fields of ``RowEncoder``), with or without typo tokens.
    init(_ text: String, prefix: String = "", typos withTypos: Bool = true) {
        let prefix = Array(prefix.utf8)
        let structure = WordStructure(text)
        add(structure, prefix: prefix, typos: withTypos)
        // A connector between two words, which a query word that is a
        // connector matches whatever its spelling (`MatchPattern.Rule.connector`).
        if !structure.connectors.isEmpty { _ = beginWord(prefix, .connector) }
        if text.utf8.contains(where: { $0 >= 0x80 }), let spelled = EmojiNames.spelledOut(text) {
            add(WordStructure(spelled.text), prefix: prefix, typos: withTypos)
        }
        fuzzyUnits = Self.inTokenOrder(fuzzyUnits)
    }

    /// Tokens of the contiguous tiers, one string each.
    var words: [String] { spelledWords.split(separator: 0x20).map { String(decoding: $0, as: UTF8.self) } }
    /// Tokens of typos, spelled.
    var typos: [String] { typoTokens.map(\.spelling) }
    /// Tokens of fuzzy matches, spelled.
    var fuzzy: Set<String> { Set(fuzzyUnits.map(Self.fuzzyToken)) }

    /// `units` in the order of their fuzzy tokens' spellings, each once.
    static func inTokenOrder(_ units: [UInt32]) -> [UInt32] {
        var ordered: [UInt32] = []
        ordered.reserveCapacity(units.count)
        let places = units.map { (order: TokenSpelling.spellingOrder($0), unit: $0) }
        for place in places.sorted(by: { $0.order < $1.order }) where ordered.last != place.unit {
            ordered.append(place.unit)
        }
        return ordered
    }

    /// Starts a token of ``spelledWords`` with `prefix` and `marker`, and
    /// returns where it starts.
    private mutating func beginWord(_ prefix: [UInt8], _ marker: TokenSpelling.Marker) -> Int {
        let start = TokenSpelling.beginToken(in: &spelledWords)
        spelledWords += prefix
        TokenSpelling.append(marker, to: &spelledWords)
        return start
    }

    private mutating func add(_ text: WordStructure, prefix: [UInt8], typos withTypos: Bool) {
        let units = text.units
        var contentStart = 0
        while contentStart < units.count && text.kinds[contentStart] == .space { contentStart += 1 }
        var contentEnd = units.count
        while contentEnd > contentStart && text.kinds[contentEnd - 1] == .space { contentEnd -= 1 }
        guard contentStart < contentEnd else { return }
        TokenSpelling.appendWhole(
            units[contentStart..<contentEnd], token: beginWord(prefix, .wholeField), to: &spelledWords)

        var runStart = contentStart
        while runStart < contentEnd {
            guard text.kinds[runStart] == .word else {
                runStart += 1
                continue
            }
            var runEnd = runStart
            var starts: [Int] = []
            while runEnd < contentEnd && text.kinds[runEnd] == .word {
                if runEnd == runStart || text.starts[runEnd] != .none { starts.append(runEnd) }
                runEnd += 1
            }
            for (previous, start) in zip(starts, starts.dropFirst()) { innerReach = min(innerReach, start - previous) }
            addRun(text, starts: starts, end: runEnd, contentStart: contentStart, prefix: prefix)
            runStart = runEnd
        }
        guard withTypos else { return }
        // A fuzzy match holds every unit of its pattern; a text too long
        // for one holds none.
        if units.count <= TextMatcher.maximumFuzzyTextLength {
            fuzzyUnits += units.lazy.filter(Self.isTelling)
        }
        var nextStart = units.count
        for start in (contentStart..<contentEnd).reversed() {
            defer { if text.starts[start] != .none { nextStart = start } }
            guard text.kinds[start] == .word && text.starts[start] != .none else { continue }
            let marker = Self.typoMarker(text.starts[start])
            addTypos(
                units, at: start, marker: marker,
                reach: Self.typoReach(nextStart == units.count ? nil : nextStart - start))
            let end = start + 4
            if end <= contentEnd, text.endsWord(at: end), (start + 1..<end).allSatisfy({ text.starts[$0] == .none }),
                TextMatcher.allowsShortTypo(units[start..<end])
            {
                addShortTypos(units[start..<end], marker: marker)
            }
        }
    }

    /// The marker of a typo match's start: after whitespace (or at the
    /// field's start, which scores the same), or after anything else.
    static func typoMarker(_ start: WordStructure.Start) -> TokenSpelling.Marker {
        start == .afterWhitespace ? .afterSpace : .afterOther
    }

    /// A run of word units from `starts[0]` to `end`, whose words start at
    /// `starts`: each word start as a prefix (`m` + the rest of the run)
    /// and as whole words (`m` + up to each later word start and the run's
    /// end), `m` the marker of where it starts; and, past the first token's
    /// reach, later parts for substrings.
    private mutating func addRun(
        _ text: WordStructure, starts: [Int], end: Int, contentStart: Int, prefix: [UInt8]
    ) {
        let units = text.units
        let headBytes = prefix.count + 2
        for (index, start) in starts.enumerated() {
            let marker: TokenSpelling.Marker =
                start == contentStart ? .fieldStart : text.starts[start] == .afterWhitespace ? .afterSpace : .afterOther
            let rest = units[start..<end]
            let cut = TokenSpelling.appendCut(rest, token: beginWord(prefix, marker), to: &spelledWords)
            for wordEnd in starts[(index + 1)...] {
                TokenSpelling.appendWhole(units[start..<wordEnd], token: beginWord(prefix, marker), to: &spelledWords)
            }
            // The whole rest of the run is the token above when it fits.
            if cut < rest.count {
                TokenSpelling.appendWhole(rest, token: beginWord(prefix, marker), to: &spelledWords)
            }
        }
        // Parts of a long word: a token from every `stride` bytes of its
        // spelling on, until one reaches its end. A piece of at most
        // `pieceBytes` bytes starts less than `stride` bytes after the start
        // of one of them, and the token holds the rest of it.
        let run = units[starts[0]..<end]
        let reach = TokenSpelling.maxTokenBytes - headBytes
        let stride = reach - TokenSpelling.pieceBytes - (TokenSpelling.maxUnitBytes - 1)
        let total = run.reduce(0) { $0 + TokenSpelling.width($1) }
        var covered = TokenSpelling.cutWidth(run, room: reach)
        var offset = 0
        var nextPart = stride
        for index in run.indices where covered < total {
            if offset >= nextPart {
                let part = beginWord(prefix, .laterPart)
                TokenSpelling.appendCut(run[index...], token: part, to: &spelledWords)
                covered = offset + spelledWords.count - part - headBytes
                while nextPart <= offset { nextPart += stride }
            }
            offset += TokenSpelling.width(run[index])
        }
    }

    /// The typo tokens of the word starting at `start`: its first five
    /// units less each one. A pattern that matches there within one edit
    /// among its first five units, the first letter included, shares one
    /// (see ``PatternTokens/typo(_:slot:words:)``); where the text ends four
    /// units on, the four.
    private mutating func addTypos(_ units: [UInt32], at start: Int, marker: TokenSpelling.Marker, reach: Int) {
        let window = units[start..<min(start + Self.typoWindow, units.count)]
        // The variants ``typoVariants(of:)`` makes, without a copy of each.
        switch window.count {
        case 4:
            typoTokens.append(Self.typoToken(marker, window, leavingOut: Self.typoWindow, reach: reach))
        case Self.typoWindow:
            for left in 0..<Self.typoWindow where left == 0 || window[start + left] != window[start + left - 1] {
                typoTokens.append(Self.typoToken(marker, window, leavingOut: left, reach: reach))
            }
        default:
            break
        }
    }

    /// The variants of a word start's first units that its typo tokens
    /// hold: a whole window of five less each unit (`left` its place; a
    /// unit like the one before it leaves out the same units, so only the
    /// first of a run), or a window of four as it is (`left` 5: the text
    /// ends four units on). None for shorter windows.
    static func typoVariants(of window: [UInt32]) -> [(left: Int, units: [UInt32])] {
        if window.count == 4 { return [(typoWindow, window)] }
        guard window.count == typoWindow else { return [] }
        return window.indices.compactMap { left in
            if left > 0 && window[left] == window[left - 1] { return nil }
            var variant = window
            variant.remove(at: left)
            return (left, variant)
        }
    }

    /// The fewest units from a word start to the next word start of any
    /// sort that a typo token tells apart (``typoReach(_:)``): every typo
    /// match covers more (its pattern has five units or more, and a budget
    /// of one or more), so any nearer start is alike.
    static let nearTypoReach = 5
    /// The most units from a word start to the next that a typo token tells
    /// apart: farther, or none at all, is alike. The span of a typo of one
    /// edit (a pattern of five to eight units, and one) is at most nine;
    /// a pattern of two edits has no clear typos (``PatternTokens/hasClearTypos``).
    /// Each reach told apart adds tokens to every pattern that asks for
    /// all typos (a `--sort`'s stream).
    static let maxTypoReach = 9

    /// What a typo token says of the units from its word start to the next
    /// word start of any sort (`distance`, `nil` when none follows):
    /// ``nearTypoReach`` to ``maxTypoReach``. A typo match that starts at
    /// the word and covers fewer units runs across no other word start, so
    /// its quality has a lower ceiling (``QualityCeiling/clearTypos(start:)``).
    static func typoReach(_ distance: Int?) -> Int {
        max(nearTypoReach, min(distance ?? maxTypoReach, maxTypoReach))
    }

    /// A four-letter whole word's short-typo tokens: its first letter and
    /// the word less one of its last three letters.
    private mutating func addShortTypos(_ word: ArraySlice<UInt32>, marker: TokenSpelling.Marker) {
        for left in 1..<word.count {
            typoTokens.append(Self.shortTypoToken(marker, word, leavingOut: left))
        }
    }

    /// How many units from a word's start make its typo tokens: a typo
    /// pattern has at least five.
    static let typoWindow = 5

    /// The units a fuzzy search looks for: those of `units` that are not a
    /// space, punctuation or one of the ten most common letters of English
    /// (which nearly every text holds, and which would cost a token each).
    static func tellingUnits(_ units: some Sequence<UInt32>) -> Set<UInt32> {
        Set(units.filter(isTelling))
    }

    /// Whether a fuzzy search looks for `unit` (``tellingUnits(_:)``).
    static func isTelling(_ unit: UInt32) -> Bool {
        unit > 0x7F || (0x30...0x39).contains(unit)
            || ((0x61...0x7A).contains(unit) && commonLetters & 1 << (unit - 0x61) == 0)
    }

    /// `e t a o i n s r h l`, a bit each from `a`'s.
    private static let commonLetters: UInt32 = "etaoinsrhl".utf8.reduce(0) { $0 | 1 << UInt32($1 - 0x61) }

    /// The token of a telling unit: `_f` and its spelling.
    static func fuzzyToken(_ unit: UInt32) -> String {
        TokenSpelling.Marker.fuzzy.rawValue + TokenSpelling.spell([unit])
    }

    /// A typo token: where the word starts, how far the next word start
    /// is (``typoReach(_:)``), a variant of its first units, and which of
    /// them the variant leaves out (``typoVariants(of:)``), hashed. Near a
    /// next word start, where a match's ceiling is the same whichever unit
    /// it leaves out, the place is not told (`left` is ignored), so that a
    /// pattern asks for fewer tokens.
    static func typoToken(
        _ marker: TokenSpelling.Marker, _ variant: some Sequence<UInt32>, reach: Int, left: Int
    ) -> String {
        var hash = typoHash(marker, reach: reach, left: left)
        for unit in variant { hash.add(unit) }
        return TokenSpelling.HashedToken(.typo, hash: hash.value).spelling
    }

    /// The typo token of the variant of `window` that leaves out the unit
    /// at offset `left` (none when `left` is ``typoWindow``): what
    /// ``typoToken(_:_:reach:left:)`` spells for that variant.
    static func typoToken(
        _ marker: TokenSpelling.Marker, _ window: ArraySlice<UInt32>, leavingOut left: Int, reach: Int
    ) -> TokenSpelling.HashedToken {
        var hash = typoHash(marker, reach: reach, left: left)
        for (offset, unit) in window.enumerated() where offset != left { hash.add(unit) }
        return TokenSpelling.HashedToken(.typo, hash: hash.value)
    }

    /// The hash of a typo token before its variant's units.
    private static func typoHash(_ marker: TokenSpelling.Marker, reach: Int, left: Int) -> TokenSpelling.UnitHash {
        var hash = TokenSpelling.UnitHash()
        hash.add(marker == .afterSpace ? 1 : 2)
        hash.add(UInt32(reach))
        hash.add(reach == nearTypoReach ? 0xFF : UInt32(left))
        hash.add(0xFFFF_FFFF)
        return hash
    }

    /// A short-typo token: where the word starts, and the word less one letter, hashed.
    static func shortTypoToken(_ marker: TokenSpelling.Marker, _ variant: [UInt32]) -> String {
        shortTypoToken(marker, variant[...], leavingOut: variant.count).spelling
    }

    /// The short-typo token of `word` less the unit at offset `left`.
    static func shortTypoToken(
        _ marker: TokenSpelling.Marker, _ word: ArraySlice<UInt32>, leavingOut left: Int
    ) -> TokenSpelling.HashedToken {
        var hash = TokenSpelling.UnitHash()
        hash.add(marker == .afterSpace ? 1 : 2)
        for (offset, unit) in word.enumerated() where offset != left { hash.add(unit) }
        return TokenSpelling.HashedToken(.shortTypo, hash: hash.value)
    }
}
