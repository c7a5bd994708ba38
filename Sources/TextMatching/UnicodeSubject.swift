/// Any text, folded scalar by scalar into arrays, remembering which character each unit came from.
struct UnicodeSubject: MatchSubject {
    /// The folded scalar values.
    private(set) var units: [UInt32] = []
    /// For each unit, the class of its original character.
    private(set) var classes: [CharacterClass] = []
    /// For each unit, the offset of its original character in `Character`s.
    private(set) var offsets: [Int32] = []

    /// Folds `text`.
    init(_ text: String) {
        let capacity = text.utf8.count
        units.reserveCapacity(capacity)
        classes.reserveCapacity(capacity)
        offsets.reserveCapacity(capacity)
        var offset: Int32 = 0
        for character in text {
            let scalars = character.unicodeScalars
            guard let first = scalars.first else { continue }
            let characterClass = CharacterClass(first)
            for scalar in scalars {
                TextNormalizer.fold(scalar) { folded in
                    units.append(folded.value)
                    classes.append(characterClass)
                    offsets.append(offset)
                }
            }
            offset += 1
        }
    }

    var count: Int { units.count }

    @inline(__always)
    func unit(at index: Int) -> UInt32 { units[index] }

    @inline(__always)
    func characterClass(at index: Int) -> CharacterClass { classes[index] }

    @inline(__always)
    func characterOffset(ofUnit index: Int) -> Int { Int(offsets[index]) }
}
