import ResultKit
import StreamingJSON
import TextMatching

/// What orders kept results: the value of the `--sort` field when there is
/// one (records without it last), then the rank.
struct HitKey: Sendable {
    var rank: Rank
    var sortValue: SortValue?

    /// Whether no key of `keys` is before the one ahead of it: a pass
    /// with no call or copy per key, for the many hits of a long listing.
    static func areInOrder(_ keys: Span<HitKey>, descending: Bool) -> Bool {
        var index = 1
        while index < keys.count {
            if keys[index].isBefore(keys[index - 1], descending: descending) { return false }
            index += 1
        }
        return true
    }

    @inline(__always)
    func isBefore(_ other: HitKey, descending: Bool) -> Bool {
        switch (sortValue, other.sortValue) {
        case (let mine?, let theirs?):
            if mine != theirs { return descending ? theirs < mine : mine < theirs }
        case (.some, nil): return true
        case (nil, .some): return false
        case (nil, nil): break
        }
        return rank < other.rank
    }
}

/// A field's value as `--sort` compares it: numbers before text, numbers by
/// value, text folded for case and diacritics.
enum SortValue: Sendable, Comparable {
    case number(Double)
    case text(String)

    init?(_ value: JSONValue?) {
        switch Unfolded(value) {
        case .number(let number)?: self = .number(number)
        case .text(let text)?: self = .text(TextNormalizer.fold(text))
        case nil: return nil
        }
    }

    /// A field's value as `--sort` reads it, before its text is folded:
    /// enough to say whether it is a number, some text or missing.
    enum Unfolded {
        case number(Double)
        case text(String)

        init?(_ value: JSONValue?) {
            // Most sort values are short decimals, read as `FieldValue` reads
            // them (such a text has no space to trim), or missing: neither
            // makes a `FieldValue`.
            switch value {
            case nil, .null?:
                return nil
            case .number(let text)?:
                if let number = JSONObject.shortDecimal(text) {
                    self = .number(number)
                    return
                }
            default:
                break
            }
            guard let field = FieldValue(value) else { return nil }
            if let number = field.number {
                self = .number(number)
            } else {
                self = .text(field.text)
            }
        }
    }
}
