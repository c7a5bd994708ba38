/// How far apart two short names are, for "did you mean" suggestions: the
/// one measure the option parser, the spec decoder and the command's kind
/// check share, so that they suggest alike.
package enum EditDistance {
    /// The most characters of each name compared: a name is short, and a
    /// pasted paragraph must not cost its length squared.
    package static let maxLength = 64

    /// The Levenshtein distance between `a` and `b`, by `Character`, case as
    /// given; `limit + 1` as soon as it is surely above `limit`.
    package static func between(_ a: String, _ b: String, limit: Int = .max) -> Int {
        let a = Array(a.prefix(maxLength))
        let b = Array(b.prefix(maxLength))
        let cap = limit == .max ? .max : limit + 1
        if a.isEmpty { return min(b.count, cap) }
        if b.isEmpty { return min(a.count, cap) }
        if abs(a.count - b.count) > limit { return cap }
        var previous = Array(0...b.count)
        var current = previous
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                rowMinimum = min(rowMinimum, current[j])
            }
            if rowMinimum > limit { return cap }
            swap(&previous, &current)
        }
        return min(previous[b.count], cap)
    }

    /// The candidates within `maxDistance` of `word`, ignoring case, closest
    /// first (ties in the candidates' order).
    package static func closest(to word: String, in candidates: [String], maxDistance: Int) -> [String] {
        let key = word.lowercased()
        return candidates.enumerated()
            .map {
                (
                    index: $0.offset, name: $0.element,
                    distance: between(key, $0.element.lowercased(), limit: maxDistance)
                )
            }
            .filter { $0.distance <= maxDistance }
            .sorted { ($0.distance, $0.index) < ($1.distance, $1.index) }
            .map(\.name)
    }
}
