/// A search term prepared once (folded for case and diacritics) for matching many texts.
public struct MatchPattern: Sendable {
    /// The term as given, before folding.
    public let term: String
    /// The folded term as Unicode scalar values; runs of whitespace are one space.
    package let units: [UInt32]
    /// Whether every folded unit is ASCII, so the pattern can be matched on the bytes of ASCII texts.
    let isASCII: Bool
    /// Other spellings of the same term that match as well as the term (the Unicode and the ASCII
    /// spelling of a host); the best match of any spelling counts.
    public private(set) var alternatives: [MatchPattern]

    /// Prepares a term that may also be spelled in other ways, for matching many texts.
    /// - Parameters:
    ///   - term: The word or phrase to look for.
    ///   - alternatives: Other spellings that mean the same (`xn--p1ai` for `рф`).
    public init(_ term: String, alternatives: [String]) {
        self.init(term)
        self.alternatives = alternatives.map { MatchPattern($0) }
    }

    /// Prepares one search term (a word or a quoted phrase, already unquoted) once, for matching many
    /// texts.
    ///
    /// Leading and trailing whitespace is ignored, and a run of whitespace inside a phrase matches
    /// one space.
    /// - Parameter term: The word or phrase to look for.
    public init(_ term: String) {
        self.term = term
        var units: [UInt32] = []
        units.reserveCapacity(term.utf8.count)
        var pendingSpace = false
        for scalar in term.unicodeScalars {
            if scalar.properties.isWhitespace {
                pendingSpace = !units.isEmpty
                continue
            }
            if pendingSpace {
                units.append(0x20)
                pendingSpace = false
            }
            TextNormalizer.fold(scalar) { units.append($0.value) }
        }
        self.units = units
        self.isASCII = units.allSatisfy { $0 < 0x80 }
        self.alternatives = []
    }

    /// Whether the term has nothing to match (it was empty or only whitespace or marks).
    public var isEmpty: Bool { units.isEmpty }
}
