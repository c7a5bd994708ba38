import Foundation
import Testing

/// The README's query rows for the forms people type (issue #42), run on the built binary over
/// real titles: connectors, numbers, fractions, excluded kinds and fields, a lost first letter.
@Suite(.serialized) struct WordFormsQueryTests {
    static let titles = [
        "Love & Basketball", "Rocco and His Brothers", "His & Hers", "Pete 'n' Tillie", "Black White + Gray",
        "Bad Boys II", "Bad Boys", "Leprechaun 2", "Mission: Impossible III", "8½", "Naked Gun 33⅓: The Final Insult",
        "Undertow", "Unforgiven", "Forgiveness", "Restrepo", "Andromeda",
    ]

    static var records: [UInt8] {
        let films = titles.map { #"{"kind":"film","name":"\#($0)"}"# }
        let card = #"{"kind":"card","rank":"K","suit":"hearts"}"#
        return Array((films + [card, #"{"kind":"book","name":"King Lear"}"#]).joined(separator: "\n").utf8) + [0x0A]
    }

    /// The names `search QUERY` prints, in order, one per line.
    static func names(_ query: [String]) throws -> [String] {
        let run = try GuardedRun.run(query + ["--data", "-", "--format", "jsonl", "--fields", "name"], stdin: records)
        #expect(run.status == 0 || run.status == 1, "\(run.stderr)")
        return run.text.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))).flatMap {
                ($0 as? [String: Any])?["name"] as? String
            }
        }
    }

    @Test(arguments: [
        ("love and basketball", "Love & Basketball"), ("his and hers", "His & Hers"),
        ("pete and tillie", "Pete 'n' Tillie"), ("black white and gray", "Black White + Gray"),
        ("bad boys 2", "Bad Boys II"), ("mission impossible 3", "Mission: Impossible III"),
        ("leprechaun ii", "Leprechaun 2"), ("8 1/2", "8½"), ("naked gun 33 1/3", "Naked Gun 33⅓: The Final Insult"),
        ("ndertow", "Undertow"), ("nforgiven", "Unforgiven"), ("estrepo", "Restrepo"),
    ])
    func theTitleMeantComesFirst(query: String, title: String) throws {
        #expect(try Self.names(["--", query]).first == title)
    }

    /// `and` alone is the word: the titles that spell it come before those that only have `&`;
    /// `ii` alone is letters, not the number 2.
    @Test func aWordAloneIsNoConnectorOrNumber() throws {
        let and = try Self.names(["and"])
        #expect(!and.contains("Love & Basketball") && !and.contains("His & Hers"))
        #expect(and.contains("Rocco and His Brothers"))
        #expect(try !Self.names(["ii"]).contains("Leprechaun 2"))
        #expect(try Self.names(["ii"]).contains("Bad Boys II"))
    }

    @Test func aMinusKindLeavesTheKindOut() throws {
        #expect(try Self.names(["--", "king"]).contains("King of Hearts"))
        let excluded = try Self.names(["--", "king", "-kind:card"])
        #expect(excluded == ["King Lear"])
        #expect(try Self.names(["--", "k", "-kind:card", "-kind:book"]).allSatisfy { !$0.hasPrefix("King") })
        #expect(try Self.names(["--", "bad boys", "-name:ii"]) == ["Bad Boys"])
    }

    @Test func aMinusKindOfNoKindIsAnError() throws {
        let run = try GuardedRun.run(["--", "king", "-kind:crad", "--data", "-"], stdin: Self.records)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("error: unknown kind 'crad'"), "\(run.stderr)")
    }
}
