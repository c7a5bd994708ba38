/// How a character takes part in word boundaries, for tiers and quality bonuses.
enum CharacterClass: UInt8, Sendable {
    /// Spaces, tabs, line breaks and other control characters.
    case whitespace
    /// Punctuation: `-._/@` and the like.
    case delimiter
    /// Other non-word characters: symbols, emoji.
    case nonWord
    /// A lowercase letter.
    case lower
    /// An uppercase or titlecase letter.
    case upper
    /// A decimal digit.
    case digit
    /// A letter without case (CJK, kana, Arabic, ...) or a combining mark.
    case letter

    /// Whether the class is part of words.
    @inline(__always)
    var isWord: Bool { rawValue >= CharacterClass.lower.rawValue }

    /// The class of an ASCII byte.
    @inline(__always)
    init(ascii byte: UInt8) {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): self = .lower
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): self = .upper
        case UInt8(ascii: "0")...UInt8(ascii: "9"): self = .digit
        case 0...0x20, 0x7F: self = .whitespace
        default: self = .delimiter
        }
    }

    /// The class of a Unicode scalar.
    init(_ scalar: Unicode.Scalar) {
        if scalar.isASCII {
            self.init(ascii: UInt8(truncatingIfNeeded: scalar.value))
            return
        }
        let properties = scalar.properties
        if properties.isWhitespace {
            self = .whitespace
        } else if properties.isLowercase {
            self = .lower
        } else if properties.isUppercase || properties.generalCategory == .titlecaseLetter {
            self = .upper
        } else if properties.generalCategory == .decimalNumber {
            self = .digit
        } else if properties.isAlphabetic {
            self = .letter
        } else {
            switch properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark, .letterNumber, .otherNumber:
                self = .letter
            case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
                .initialPunctuation, .finalPunctuation, .otherPunctuation:
                self = .delimiter
            case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator:
                self = .whitespace
            default:
                self = .nonWord
            }
        }
    }

    /// The bonus for a match starting at a character of class `current` that follows `previous`:
    /// positive exactly at word starts.
    @inline(__always)
    static func boundaryBonus(previous: CharacterClass, current: CharacterClass) -> Int {
        guard current.isWord else { return 0 }
        switch previous {
        case .whitespace: return MatchScoring.bonusAfterWhitespace
        case .delimiter: return MatchScoring.bonusAfterDelimiter
        case .nonWord: return MatchScoring.bonusAfterNonWord
        case .lower:
            return current == .lower ? 0 : MatchScoring.bonusCamelCase
        case .upper:
            return current == .digit || current == .letter ? MatchScoring.bonusCamelCase : 0
        case .letter:
            return current == .letter ? 0 : MatchScoring.bonusCamelCase
        case .digit:
            return current == .letter ? MatchScoring.bonusCamelCase : 0
        }
    }
}
