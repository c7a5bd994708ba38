import CardKind
import DomainKind
import ProductKind
import ResultKit
import ResultOutput
import SearchEngine
import StreamingJSON
import TerminalTable
import TestSupport
import Testing
import TextMatching

/// Seeded random tables of domains, products, cards and an unknown kind,
/// drawn at every width from 30 to 200: what a cut may and may not do.
@Suite struct MergedTablePropertyTests {
    /// Hosts made to look alike: the same start (the query), the same end,
    /// or both, differing only in the middle, under several public suffixes.
    static let suffixes = ["com", "net", "co.uk", "gov", "tk", "com.au", "io", "de", "github.io"]

    static func host(_ random: inout SplitMix64) -> String {
        let words = [
            "queen", "bee", "hearts", "spades", "fan", "club", "creek", "city", "drain", "sewer", "cdn", "hub",
        ]
        let suffix = suffixes.randomElement(using: &random) ?? "com"
        func word() -> String { words.randomElement(using: &random) ?? "queen" }
        switch Int.random(in: 0..<5, using: &random) {
        case 0: return "queen-of-\(word())-fan-club.\(suffix)"
        case 4:
            // Wide and combined characters: a cut counts cells, not characters.
            let wide = ["東京", "日本語", "🦊🐾", "café", "👨‍👩‍👧"].randomElement(using: &random) ?? "東京"
            return "queen\(wide)\(word())\(word()).\(suffix)"
        case 1: return "queen\(word())\(word()).\(suffix)"
        case 2: return "\(word())-\(word())-\(word()).\(suffix)"
        default: return "www.\(word())\(Int.random(in: 0..<100, using: &random)).\(suffix)"
        }
    }

    static func words(_ random: inout SplitMix64, _ count: ClosedRange<Int>) -> String {
        let words = [
            "queen", "classic", "point", "and", "click", "Mozzarella", "Cheese", "Gorgonzola", "adventure", "game",
            "日本語", "café", "☕", "keyboard",
        ]
        return (0..<Int.random(in: count, using: &random)).map { _ in words.randomElement(using: &random) ?? "a" }
            .joined(separator: " ")
    }

    /// About 30 records of the four kinds, every one matching `queen`.
    static func records(seed: Int) -> [Record] {
        var random = SplitMix64(state: UInt64(seed) &* 0x9E37_79B9)
        var objects: [JSONObject] = []
        for _ in 0..<Int.random(in: 10...30, using: &random) {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<5:
                objects.append(
                    JSONObject([
                        .init(key: "kind", value: .string("domain")),
                        .init(key: "name", value: .string(host(&random))),
                        .init(key: "status", value: .string(Bool.random(using: &random) ? "taken" : "available")),
                    ]))
            case 5..<8:
                let price: JSONValue =
                    Bool.random(using: &random) ? .null : .number("\(Int.random(in: 0...999, using: &random)).5")
                objects.append(
                    JSONObject([
                        .init(key: "kind", value: .string("product")),
                        .init(key: "name", value: .string("queen " + words(&random, 0...6))),
                        .init(key: "price", value: price),
                        .init(key: "rating", value: Bool.random(using: &random) ? .null : .number("3.5")),
                        .init(key: "description", value: .string(words(&random, 0...30))),
                    ]))
            case 8:
                objects.append(
                    JSONObject([
                        .init(key: "kind", value: .string("card")),
                        .init(key: "rank", value: .string("Q")),
                        .init(
                            key: "suit", value: .string(["hearts", "spades", "clubs"].randomElement(using: &random)!)),
                    ]))
            default:
                objects.append(
                    JSONObject([
                        .init(key: "kind", value: .string("gadget")),
                        .init(key: "name", value: .string("queen gadget " + words(&random, 0...3))),
                        .init(key: "code", value: .string(words(&random, 1...2))),
                    ]))
            }
        }
        return objects.enumerated().map { Record(object: $1, location: SourceLocation(file: "t.jsonl", line: $0 + 1)) }
    }

    static func hits(seed: Int) throws -> [SearchHit] {
        var session = SearchSession(
            registry: try KindRegistry([.card, .domain, .product]), query: try QueryParser().parse("queen"),
            options: SearchOptions(limit: 100))
        for record in records(seed: seed) { session.consider(record) { _ in } }
        return session.finish().hits
    }

    /// What the table shows at each width: the widest line, and per row,
    /// per column, the cell's text (`nil` for a column not drawn).
    static func drawn(_ hits: [SearchHit], widths: ClosedRange<Int>) -> [Int: (width: Int, cells: [[String?]])] {
        var drawn: [Int: (width: Int, cells: [[String?]])] = [:]
        for width in widths {
            let table = TableOutput(options: RenderOptions(maxWidth: width))
            let lines = table.render(hits).split(separator: "\n").map { DisplayWidth.of($0) }
            drawn[width] = (lines.max() ?? 0, table.visibleCells(hits))
        }
        return drawn
    }

    @Test(arguments: 0..<24)
    func cutsKeepWhatTellsValuesApart(seed: Int) throws {
        let hits = try Self.hits(seed: seed)
        #expect(!hits.isEmpty)
        let drawn = Self.drawn(hits, widths: 30...212)
        func columnsShown(_ width: Int) -> Int {
            drawn[width]?.cells.reduce(0) { $0 + $1.filter { $0 != nil }.count } ?? 0
        }
        for width in 30...200 {
            guard let (used, visible) = drawn[width] else { continue }
            var shownAs: [String: String] = [:]
            for (row, cells) in visible.enumerated() {
                // No cut value while the table is narrower than the width,
                // but for the width held for a column about to show: it
                // shows within its floor and gap (12 cells here), and the
                // width held meanwhile goes to no other column, which would
                // then have to give it back.
                if used < width, let cut = cells.compactMap({ $0 }).first(where: { $0.contains("…") }),
                    !(width + 1...width + 12).contains(where: { columnsShown($0) > columnsShown(width) })
                {
                    Issue.record("seed \(seed) at \(width): \(cut.debugDescription) is cut in a table \(used) wide")
                }
                guard hits[row].kind.name == "domain", let shown = cells[1] else { continue }
                let name = hits[row].row.name
                // Two different hosts never read alike.
                if let other = shownAs[shown], other != name {
                    Issue.record("seed \(seed) at \(width): \(name) and \(other) both show as \(shown)")
                }
                shownAs[shown] = name
                // A cut host keeps its public suffix: the one it was made
                // with, not the list's word for it.
                let made = Self.suffixes.filter { name.hasSuffix("." + $0) }.max { $0.count < $1.count }
                if shown != name, let made {
                    #expect(shown.hasSuffix("." + made), "seed \(seed) at \(width): \(shown) for \(name)")
                }
            }
        }
        // And more width never shows less, the hosts' middle cuts included.
        let shrink = firstShrinkingCell(over: 30...200) { drawn[$0]?.cells ?? [] }
        #expect(shrink == nil, "seed \(seed): \(shrink ?? "")")
    }
}
