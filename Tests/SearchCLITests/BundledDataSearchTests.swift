import CardKind
import DomainKind
import Foundation
import ProductKind
import ResultKit
import SearchCLI
import Testing

/// Searches the real bundled samples in-process, as `search … -o json`, and
/// checks what a user would see first.
@Suite struct BundledDataSearchTests {
    final class Capture: @unchecked Sendable {
        var out = ""
        var err = ""
    }

    struct Hit {
        var kind: String
        var name: String
        var tier: String?
        var score: Int
        var record: [String: Any]
    }

    func search(_ arguments: [String]) throws -> (status: SearchCLI.ExitStatus, hits: [Hit], stderr: String) {
        let capture = Capture()
        let console = Console(
            writeOutput: { text in
                capture.out += text
                return .written
            },
            writeError: { capture.err += $0 }
        )
        let status = SearchCommand.run(
            arguments: arguments + ["--format", "json"],
            environment: [:],
            console: console,
            kinds: [.card, .domain, .product]
        )
        guard !capture.out.isEmpty else { return (status, [], capture.err) }
        let document = try #require(try JSONSerialization.jsonObject(with: Data(capture.out.utf8)) as? [String: Any])
        let results = try #require(document["results"] as? [[String: Any]])
        let hits = results.map {
            Hit(
                kind: $0["kind"] as? String ?? "",
                name: $0["name"] as? String ?? "",
                tier: $0["tier"] as? String,
                score: ($0["score"] as? NSNumber)?.intValue ?? 0,
                record: $0["record"] as? [String: Any] ?? [:]
            )
        }
        return (status, hits, capture.err)
    }

    @Test(arguments: [
        ("queen hearts", "card", "Queen of Hearts"),
        ("queen of hearts", "card", "Queen of Hearts"),
        ("Q♥", "card", "Queen of Hearts"),
        ("pizza", "domain", "pizza"),
        ("tromso", "domain", "tromsø.no"),
        ("中国", "domain", "中国"),
        ("広島", "domain", "広島.jp"),
        ("ford gt", "product", "Ford GT"),
    ])
    func theFirstResultIsTheOneMeant(query: String, kind: String, name: String) throws {
        let (status, hits, _) = try search([query])
        #expect(status == .success)
        #expect(hits.first?.kind == kind)
        #expect(hits.first?.name == name)
    }

    @Test func strengthsOrderTheMergedList() throws {
        let (_, hits, _) = try search(["pizza", "--limit", "200"])
        #expect(hits.allSatisfy { $0.tier != nil })
        let scores = hits.map(\.score)
        #expect(scores == scores.sorted(by: >))
        #expect(Set(hits.map(\.kind)).isSuperset(of: ["domain", "product"]))
    }

    @Test func aTypoStillFindsTheWord() throws {
        let (_, hits, _) = try search(["cofee"])
        #expect(hits.first?.tier == "typo")
        #expect(hits.first?.name.lowercased().contains("coffee") == true)
    }

    @Test func aSubstringOfACJKNameMatches() throws {
        let (_, hits, _) = try search(["岛"])
        #expect(hits.isEmpty)
        let (_, inside, _) = try search(["加坡"])
        #expect(inside.first?.name == "新加坡")
        #expect(inside.first?.tier == "substring")
    }

    @Test func filtersOverTheBundledData() throws {
        let hearts = try search(["suit:hearts", "--limit", "100"]).hits
        #expect(hearts.count == 13)
        #expect(hearts.allSatisfy { $0.record["suit"] as? String == "hearts" })

        let cheap = try search(["pizza", "price<10", "--limit", "100"]).hits
        #expect(!cheap.isEmpty)
        #expect(cheap.allSatisfy { ($0.record["price"] as? Double ?? 99) < 10 })

        let diamonds = try search(["kind:card -hearts -spades -clubs", "--limit", "100"]).hits
        #expect(diamonds.count == 13)

        let ranged = try search(["price:20..21", "--limit", "100"]).hits
        #expect(!ranged.isEmpty)
        #expect(ranged.allSatisfy { (20...21).contains($0.record["price"] as? Double ?? -1) })

        let other = try search(["status:other", "pizza"]).hits
        #expect(other.first?.name == "pizza")
    }

    @Test func sortingByPriceDescending() throws {
        let hits = try search(["", "--kind", "product", "--sort", "-price", "--limit", "3"]).hits
        let prices = hits.compactMap { $0.record["price"] as? Double }
        #expect(prices.count == 3)
        #expect(prices == prices.sorted(by: >))
    }

    @Test func theEmptyQueryListsEverythingInInputOrder() throws {
        let (status, hits, _) = try search(["", "--kind", "card", "--limit", "2"])
        #expect(status == .success)
        #expect(hits.map(\.name) == ["Ace of Spades", "Two of Spades"])
    }

    @Test(arguments: [("price<<5", 7), ("rating>=x", 9), ("\"open", 1)])
    func syntaxErrorsExitTwoAndPointAtTheMistake(query: String, position: Int) throws {
        let (status, _, stderr) = try search([query])
        #expect(status == .failure)
        #expect(stderr.hasPrefix("error: query position \(position):"))
        #expect(stderr.contains("hint: "))
        let caretLine = stderr.split(separator: "\n")[2]
        #expect(caretLine == "  " + String(repeating: " ", count: position - 1) + "^")
    }

    @Test func anUnknownFieldListsTheFieldsOfTheKindsInPlay() throws {
        let (status, _, stderr) = try search(["colour:red", "--kind", "card"])
        #expect(status == .failure)
        #expect(
            stderr
                == "error: unknown field 'colour': no record searched has it\n"
                + "hint: did you mean 'color'?\n"
                + "Available fields: kind, name, rank, suit, symbol, color, glyph, unicode, unicode_name\n")
    }

    /// The colour a card's row shows is searched, in words and as `color:`.
    @Test func theColourTheTableShowsFindsTheCards() throws {
        let (status, hits, _) = try search(["color:red queen"])
        #expect(status == .success)
        #expect(hits.map(\.name) == ["Queen of Hearts", "Queen of Diamonds"])
        let (_, words, _) = try search(["red queen", "--kind", "card"])
        #expect(words.map(\.name) == ["Queen of Hearts", "Queen of Diamonds"])
        let (_, fields, _) = try search(["queen", "--kind", "card", "--fields", "name,color,symbol"])
        #expect(fields.map { $0.record["color"] as? String } == ["black", "black", "red", "red"])
        #expect(fields.map { $0.record["symbol"] as? String } == ["Q♣", "Q♠", "Q♥", "Q♦"])
    }

    /// ABOUT is the product column that shows `description`: its header names
    /// that field in filters, `--sort` and `--fields`, as the table suggests.
    @Test func aColumnsHeaderNamesTheFieldItShows() throws {
        let (status, about, stderr) = try search(["about:fantasy", "--limit", "100"])
        #expect(status == .success)
        #expect(stderr.isEmpty)
        let (_, description, _) = try search(["description:fantasy", "--limit", "100"])
        #expect(!about.isEmpty && about.map(\.name) == description.map(\.name))
        let (_, sortedByHeader, _) = try search(["game", "--sort", "about", "--limit", "10"])
        let (_, sortedByField, _) = try search(["game", "--sort", "description", "--limit", "10"])
        #expect(!sortedByHeader.isEmpty && sortedByHeader.map(\.name) == sortedByField.map(\.name))
        let (_, fields, _) = try search(["fantasy", "--kind", "product", "--fields", "name,ABOUT", "--limit", "1"])
        #expect(fields.first?.record["description"] is String)
    }

    /// `year` is no declared field of the product kind, but car records have it.
    @Test func filtersAndSortTakeAnyFieldARecordInPlayHas() throws {
        let (status, hits, stderr) = try search(["car", "year:2017", "--limit", "100"])
        #expect(status == .success)
        #expect(stderr.isEmpty)
        #expect(!hits.isEmpty && hits.allSatisfy { ($0.record["year"] as? NSNumber)?.intValue == 2017 })
        let (sorted, byYear, _) = try search(["car", "--sort", "-year", "--limit", "5"])
        #expect(sorted == .success)
        let years = byYear.compactMap { ($0.record["year"] as? NSNumber)?.intValue }
        #expect(years.count == 5 && years == years.sorted(by: >))
    }

    @Test func anUnknownFieldSuggestsTheClosestFieldSeen() throws {
        let (status, _, stderr) = try search(["car", "yaer:2017"])
        #expect(status == .failure)
        #expect(
            stderr.hasPrefix("error: unknown field 'yaer': no record searched has it\nhint: did you mean 'year'?\n"))
        #expect(stderr.contains("horsepower"))
    }
}
