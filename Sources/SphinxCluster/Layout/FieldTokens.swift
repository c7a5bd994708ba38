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
    /// words, and the whole field.
    private(set) var words: [String] = []
    /// Tokens of typos: each word start's variants, hashed.
    private(set) var typos: [String] = []
    /// Tokens of fuzzy matches: each telling unit the text holds, once
    /// (see ``tellingUnits(_:)``).
    private(set) var fuzzy: Set<String> = []
    /// The fewest units from a word's start to a word that starts inside
    /// it (`CoffeeHouse`: 6, `b42`: 1), `Int.max` when none does: a match
    /// that runs across such a start scores more than one that does not,
    /// and a match that starts at a word start and covers fewer units
    /// cannot run across one.
    private(set) var innerReach = Int.max

    /// The tokens of `text`, each after `prefix` (a field's code, for the
    /// named fields of ``RecordRow``), with or without typo tokens.
    init(_ text: String, prefix: String = "", typos withTypos: Bool = true) {
        add(WordStructure(text), prefix: prefix, typos: withTypos)
        if TextMatcher.holdsConnector(text) { words.append(prefix + TokenSpelling.Marker.connector.rawValue) }
        if text.unicodeScalars.contains(where: { !$0.isASCII }), let spelled = EmojiNames.spelledOut(text) {
            add(WordStructure(spelled.text), prefix: prefix, typos: withTypos)
        }
    }

    private mutating func add(_ text: WordStructure, prefix: String, typos withTypos: Bool) {
        let units = text.units
        var contentStart = 0
        while contentStart < units.count && text.kinds[contentStart] == .space { contentStart += 1 }
        var contentEnd = units.count
        while contentEnd > contentStart && text.kinds[contentEnd - 1] == .space { contentEnd -= 1 }
        guard contentStart < contentEnd else { return }
        words.append(
            TokenSpelling.whole(prefix + TokenSpelling.Marker.wholeField.rawValue, units[contentStart..<contentEnd]))

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
            for unit in Self.tellingUnits(units) { fuzzy.insert(Self.fuzzyToken(unit)) }
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
                addShortTypos(Array(units[start..<end]), marker: marker)
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
    private mutating func addRun(_ text: WordStructure, starts: [Int], end: Int, contentStart: Int, prefix: String) {
        let units = text.units
        for (index, start) in starts.enumerated() {
            let marker: TokenSpelling.Marker =
                start == contentStart ? .fieldStart : text.starts[start] == .afterWhitespace ? .afterSpace : .afterOther
            let head = prefix + marker.rawValue
            let rest = units[start..<end]
            words.append(TokenSpelling.cut(head, rest))
            for wordEnd in starts[(index + 1)...] {
                words.append(TokenSpelling.whole(head, units[start..<wordEnd]))
            }
            // The whole rest of the run is the token above when it fits.
            if head.utf8.count + rest.reduce(0, { $0 + TokenSpelling.width($1) }) > TokenSpelling.maxTokenBytes {
                words.append(TokenSpelling.whole(head, rest))
            }
        }
        // Parts of a long word: a token from every `stride` bytes of its
        // spelling on, until one reaches its end. A piece of at most
        // `pieceBytes` bytes starts less than `stride` bytes after the start
        // of one of them, and the token holds the rest of it.
        let run = units[starts[0]..<end]
        let reach = TokenSpelling.maxTokenBytes - prefix.utf8.count - 2
        let stride = reach - TokenSpelling.pieceBytes - (TokenSpelling.maxUnitBytes - 1)
        let total = run.reduce(0) { $0 + TokenSpelling.width($1) }
        var covered =
            TokenSpelling.cut(prefix + TokenSpelling.Marker.fieldStart.rawValue, run).utf8.count
            - prefix.utf8.count - 2
        var offset = 0
        var nextPart = stride
        for index in run.indices where covered < total {
            if offset >= nextPart {
                let part = TokenSpelling.cut(prefix + TokenSpelling.Marker.laterPart.rawValue, run[index...])
                words.append(part)
                covered = offset + part.utf8.count - prefix.utf8.count - 2
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
        let window = Array(units[start..<min(start + Self.typoWindow, units.count)])
        for variant in Self.typoVariants(of: window) {
            typos.append(Self.typoToken(marker, variant.units, reach: reach, left: variant.left))
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
    private mutating func addShortTypos(_ word: [UInt32], marker: TokenSpelling.Marker) {
        for left in 1..<word.count {
            var variant = word
            variant.remove(at: left)
            typos.append(Self.shortTypoToken(marker, variant))
        }
    }

    /// How many units from a word's start make its typo tokens: a typo
    /// pattern has at least five.
    static let typoWindow = 5

    /// The units a fuzzy search looks for: those of `units` that are not a
    /// space, punctuation or one of the ten most common letters of English
    /// (which nearly every text holds, and which would cost a token each).
    static func tellingUnits(_ units: some Sequence<UInt32>) -> Set<UInt32> {
        Set(
            units.filter { unit in
                unit > 0x7F || (0x30...0x39).contains(unit)
                    || ((0x61...0x7A).contains(unit) && !commonLetters.contains(unit))
            })
    }

    /// `e t a o i n s r h l`.
    private static let commonLetters: Set<UInt32> = Set("etaoinsrhl".unicodeScalars.map(\.value))

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
        var hash = TokenSpelling.UnitHash()
        hash.add(marker == .afterSpace ? 1 : 2)
        hash.add(UInt32(reach))
        hash.add(reach == nearTypoReach ? 0xFF : UInt32(left))
        hash.add(0xFFFF_FFFF)
        for unit in variant { hash.add(unit) }
        return hash.token(TokenSpelling.Marker.typo)
    }

    /// A short-typo token: where the word starts, and the word less one letter, hashed.
    static func shortTypoToken(_ marker: TokenSpelling.Marker, _ variant: [UInt32]) -> String {
        TokenSpelling.Marker.shortTypo.rawValue
            + TokenSpelling.tokenHash([marker == .afterSpace ? 1 : 2] + variant)
    }
}
