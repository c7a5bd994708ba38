/// The CLDR short names of emoji and other symbols (🦊 "fox"), so that a name such as `🦊🐾.ws`
/// is found by the words it shows.
package enum EmojiNames {
    /// The short name of `scalar`, or nil.
    static func name(of scalar: Unicode.Scalar) -> String? {
        guard scalar.value >= 0x2000 else { return nil }
        var low = 0
        var high = table.count
        while low < high {
            let middle = (low + high) / 2
            if table[middle].0 < scalar.value { low = middle + 1 } else { high = middle }
        }
        return low < table.count && table[low].0 == scalar.value ? table[low].1 : nil
    }

    /// `text` with each named symbol spelled as its name between spaces (`🦊🐾.ws` reads
    /// "fox paw prints .ws"), and for each `Character` of the result the offset of the `Character`
    /// of `text` it comes from; nil when `text` has no named symbol.
    package static func spelledOut(_ text: String) -> (text: String, sources: [Int])? {
        guard text.unicodeScalars.contains(where: { $0.value >= 0x2000 }) else { return nil }
        var spelled = ""
        var sources: [Int] = []
        var named = false
        for (offset, character) in text.enumerated() {
            let scalars = character.unicodeScalars.filter { $0 != "\u{FE0F}" }
            if scalars.count == 1, let scalar = scalars.first, let name = name(of: scalar) {
                named = true
                let words = (spelled.last.map { $0 == " " } ?? true ? "" : " ") + name + " "
                spelled += words
                sources += Array(repeating: offset, count: words.count)
            } else {
                spelled.append(character)
                sources.append(offset)
            }
        }
        return named ? (spelled, sources) : nil
    }
}
