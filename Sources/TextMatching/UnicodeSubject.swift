/// Any text, folded scalar by scalar into temporary buffers, remembering which scalar each unit came
/// from; character offsets are computed only for the units of a match.
struct UnicodeSubject: MatchSubject {
    /// The original text, walked by grapheme cluster only to report positions.
    let text: String
    /// The folded scalar values.
    let units: UnsafeBufferPointer<UInt32>
    /// For each unit, the class of its original scalar; marks and other grapheme extenders take the
    /// class of the scalar before them, so no word starts inside a character.
    let classes: UnsafeBufferPointer<CharacterClass>
    /// For each unit, the UTF-8 offset of its original scalar.
    let sourceOffsets: UnsafeBufferPointer<Int>

    /// The most folded units one UTF-8 byte can produce; checked over every scalar by the tests.
    static let maximumUnitsPerByte = 2

    /// Folds `text` into temporary buffers and calls `body` with the result.
    static func withSubject<Result>(_ text: String, _ body: (UnicodeSubject) -> Result) -> Result {
        let capacity = text.utf8.count * maximumUnitsPerByte + 1
        return withUnsafeTemporaryAllocation(of: UInt32.self, capacity: capacity) { units in
            withUnsafeTemporaryAllocation(of: CharacterClass.self, capacity: capacity) { classes in
                withUnsafeTemporaryAllocation(of: Int.self, capacity: capacity) { sourceOffsets in
                    var count = 0
                    var utf8Offset = 0
                    var previousClass = CharacterClass.whitespace
                    func append(_ unit: UInt32, _ characterClass: CharacterClass, _ utf8Offset: Int) {
                        guard count < capacity else { return }
                        units[count] = unit
                        classes[count] = characterClass
                        sourceOffsets[count] = utf8Offset
                        count += 1
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
                        text: text,
                        units: UnsafeBufferPointer(rebasing: units[..<count]),
                        classes: UnsafeBufferPointer(rebasing: classes[..<count]),
                        sourceOffsets: UnsafeBufferPointer(rebasing: sourceOffsets[..<count]))
                    return body(subject)
                }
            }
        }
    }

    var count: Int { units.count }

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
