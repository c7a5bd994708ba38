import RawBytes

/// Any text, folded scalar by scalar into temporary storage, remembering which scalar each unit came
/// from; character offsets are computed only for the units of a match.
struct UnicodeSubject: MatchSubject, ~Escapable {
    /// The original text, walked by grapheme cluster only to report positions.
    let text: String
    /// The folded scalar values.
    let units: Span<UInt32>
    /// For each unit, the class of its original scalar; marks and other grapheme extenders take the
    /// class of the scalar before them, so no word starts inside a character.
    let classes: Span<CharacterClass>
    /// For each unit, the UTF-8 offset of its original scalar.
    let sourceOffsets: Span<Int>

    @_lifetime(copy units, copy classes, copy sourceOffsets)
    init(text: String, units: Span<UInt32>, classes: Span<CharacterClass>, sourceOffsets: Span<Int>) {
        self.text = text
        self.units = units
        self.classes = classes
        self.sourceOffsets = sourceOffsets
    }

    /// The most folded units one UTF-8 byte can produce; checked over every scalar by the tests.
    static let maximumUnitsPerByte = 2

    /// Folds `text` into temporary storage and calls `body` with the result.
    static func withSubject<Result>(_ text: String, _ body: (borrowing UnicodeSubject) -> Result) -> Result {
        let capacity = text.utf8.count * maximumUnitsPerByte + 1
        return TemporarySpans.withOutputSpan(of: UInt32.self, capacity: capacity) { units in
            TemporarySpans.withOutputSpan(of: CharacterClass.self, capacity: capacity) { classes in
                TemporarySpans.withOutputSpan(of: Int.self, capacity: capacity) { sourceOffsets in
                    var utf8Offset = 0
                    var previousClass = CharacterClass.whitespace
                    func append(_ unit: UInt32, _ characterClass: CharacterClass, _ utf8Offset: Int) {
                        guard units.count < capacity else { return }
                        units.append(unit)
                        classes.append(characterClass)
                        sourceOffsets.append(utf8Offset)
                    }
                    for scalar in text.unicodeScalars {
                        let value = scalar.value
                        if value < 0x80 {
                            let byte = UInt8(truncatingIfNeeded: value)
                            previousClass = CharacterClass(ascii: byte)
                            append(UInt32(byte &- 0x41 < 26 ? byte | 0x20 : byte), previousClass, utf8Offset)
                            utf8Offset += 1
                            continue
                        }
                        let traits = ScalarTraits.of(scalar)
                        let characterClass = traits.extendsCharacter ? previousClass : traits.characterClass
                        if traits.foldedCount >= 1 { append(traits.folded.0, characterClass, utf8Offset) }
                        if traits.foldedCount >= 2 { append(traits.folded.1, characterClass, utf8Offset) }
                        if traits.foldedCount > 2 {
                            // Rare: a scalar folding to more than two scalars; fold it again in full.
                            var skipped = 0
                            TextNormalizer.fold(scalar) { folded in
                                skipped += 1
                                if skipped > 2 { append(folded.value, characterClass, utf8Offset) }
                            }
                        }
                        previousClass = characterClass
                        utf8Offset += UTF8.width(scalar)
                    }
                    let subject = UnicodeSubject(
                        text: text, units: units.span, classes: classes.span, sourceOffsets: sourceOffsets.span)
                    return body(subject)
                }
            }
        }
    }

    var count: Int { units.count }

    var holdsOnlyASCII: Bool { false }

    @inline(__always)
    func unit(at index: Int) -> UInt32 { units[index] }

    @inline(__always)
    func characterClass(at index: Int) -> CharacterClass { classes[index] }

    func characterOffsets(ofUnits matched: some Sequence<Int>) -> [Int] {
        var offsets: [Int] = []
        var iterator = matched.makeIterator()
        guard var target = iterator.next().map({ sourceOffsets[$0] }) else { return offsets }
        var characterOffset = 0
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            let end = text.utf8.distance(from: text.startIndex, to: next)
            while target < end {
                if offsets.last != characterOffset { offsets.append(characterOffset) }
                guard let unit = iterator.next() else { return offsets }
                target = sourceOffsets[unit]
            }
            characterOffset += 1
            index = next
        }
        return offsets
    }
}
