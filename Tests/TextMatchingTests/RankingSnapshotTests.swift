import TestSupport
import Testing
import TextMatching

/// The ranking a user sees for a few queries over one list of names, with matched characters in
/// brackets: tier first, then quality, then the shorter name, then input order.
@Suite struct RankingSnapshotTests {
    static let names = [
        "Coffee", "Coffee House", "CoffeeHouse", "Irish Coffee", "teacoffeetea.io", "Cofee Corner",
        "Café Coffea", "coffee-beans.com", "Green Tea", "Best Coffees", "C. o. f. f. e. e.", "Toffee Shop",
        "caffe latte", "東京コーヒー", "Kaffee Klatsch", "iced_coffee", "Covfefe",
    ]

    static func render(_ term: String, fuzzy: Bool) -> String {
        let matcher = TextMatcher(allowFuzzy: fuzzy)
        let pattern = MatchPattern(term)
        let ranked = names.enumerated()
            .compactMap { index, name in matcher.match(pattern, in: name).map { (index, name, $0) } }
            .sorted { lhs, rhs in
                if lhs.2.tier != rhs.2.tier { return lhs.2.tier < rhs.2.tier }
                if lhs.2.quality != rhs.2.quality { return lhs.2.quality > rhs.2.quality }
                if lhs.1.count != rhs.1.count { return lhs.1.count < rhs.1.count }
                return lhs.0 < rhs.0
            }
        var lines = ["query: \(term)\(fuzzy ? " (fuzzy)" : "")"]
        for (_, name, match) in ranked {
            var highlighted = ""
            for (offset, character) in name.enumerated() {
                highlighted += match.positions.contains(offset) ? "[\(character)]" : "\(character)"
            }
            let tier = match.tier.description.padding(to: 12)
            let quality = String(match.quality).padding(to: 6)
            lines.append("\(tier)\(quality)\(highlighted)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test(arguments: [("coffee", false), ("cofee", false), ("coffee", true), ("cfe", true), ("コーヒー", false)])
    func ranking(term: String, fuzzy: Bool) {
        assertSnapshot(Self.render(term, fuzzy: fuzzy), named: "\(term)\(fuzzy ? "-fuzzy" : "")")
    }
}

extension String {
    fileprivate func padding(to width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
