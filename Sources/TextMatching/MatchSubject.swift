/// A text prepared for matching: folded units, each with the class of its original character and
/// the offset of that character.
///
/// ``ASCIISubject`` reads the bytes of an ASCII text in place; ``UnicodeSubject`` folds any text into
/// temporary storage. Either is a view that lasts only as long as the memory it reads (`~Escapable`). The matching algorithms are generic over this protocol and specialised for both.
protocol MatchSubject: ~Escapable {
    /// The number of folded units.
    var count: Int { get }
    /// Whether every unit is ASCII whatever the text, so that a pattern with other units cannot occur.
    var holdsOnlyASCII: Bool { get }
    /// The folded unit (a Unicode scalar value) at `index`.
    func unit(at index: Int) -> UInt32
    /// The class of the original character that produced the unit at `index`.
    func characterClass(at index: Int) -> CharacterClass
    /// The offsets, in `Character`s of the original text, of the characters that produced the given
    /// units (ascending), ascending and without repeats.
    func characterOffsets(ofUnits units: some Sequence<Int>) -> [Int]
    /// The first index from `start` below `end` whose unit is `unit`; `max(start, end)` when
    /// there is none.
    func firstIndex(ofUnit unit: UInt32, from start: Int, below end: Int) -> Int
}

extension MatchSubject where Self: ~Escapable {
    @inline(__always)
    func firstIndex(ofUnit unit: UInt32, from start: Int, below end: Int) -> Int {
        var index = start
        while index < end && self.unit(at: index) != unit { index += 1 }
        return index
    }

    /// The bonus for a match starting at `index`; positive exactly at word starts.
    @inline(__always)
    func boundaryBonus(at index: Int) -> Int {
        let previous: CharacterClass = index == 0 ? .whitespace : characterClass(at: index - 1)
        return CharacterClass.boundaryBonus(previous: previous, current: characterClass(at: index))
    }

    /// Whether a match ending just before `end` ends a whole word.
    ///
    /// In a host name a hyphen joins the parts of a label, and the label is
    /// the word: `jack` is the whole of `jack.eu` but only the start of
    /// `jack-daw.com`, as `king` is only the start of `kingsville.com`.
    @inline(__always)
    func endsWord(at end: Int) -> Bool {
        guard end < count else { return true }
        if unit(at: end) == 0x2D, isHostName { return false }
        return !characterClass(at: end).isWord || boundaryBonus(at: end) > 0
    }

    /// Whether the units `start..<end`, which begin inside a word, are a fragment of a capitalised
    /// word rather than a part of it.
    ///
    /// A capitalised word (an uppercase letter, then a lowercase one: `Romania`, `Сомали`, the
    /// `Phone` of `iPhone`) is a word of prose or a proper name. Letters inside it are a fragment
    /// (`oman` in Romania, `mali` in Somali), except where they end it after at least three
    /// letters, as the last part of a compound does (`phone` in Smartphone, `craft` in Minecraft,
    /// `ball` in Football). Lowercase and all-capitals words (`supertux`, `BMW`) and uncased
    /// letters (CJK) are parts run together, never fragments.
    func isFragmentOfCapitalizedWord(start: Int, end: Int) -> Bool {
        var wordStart = start
        while wordStart > 0 && characterClass(at: wordStart).isWord && boundaryBonus(at: wordStart) == 0 {
            wordStart -= 1
        }
        // Only inside a word does the walk move: it stops at the word's first letter.
        guard wordStart < start, characterClass(at: wordStart) == .upper,
            characterClass(at: wordStart + 1) == .lower
        else { return false }
        let endsTheWord = end >= count || !characterClass(at: end).isWord || boundaryBonus(at: end) > 0
        return !endsTheWord || start - wordStart < 3
    }

    /// Whether the text reads as one host name: a dot, and nothing but
    /// letters, digits, dots and hyphens (`jack-daw.com`, `rødøy.no`).
    var isHostName: Bool {
        var hasDot = false
        for index in 0..<count {
            let unit = unit(at: index)
            if unit == 0x2E {
                hasDot = true
            } else if unit != 0x2D && !characterClass(at: index).isWord {
                return false
            }
        }
        return hasDot
    }
}
