import Foundation
import InteractiveSearch
import ResultKit
import SearchEngine
import TestSupport
import Testing

@Suite struct NarrowingRuleTests {
    @Test(arguments: [
        ("q", "qu", false), ("n", "ne", false), ("queen", "queens", false), ("queens", "queenst", false),
        ("queens", "queensxyz", false), ("quee", "queen", false),
        ("kin", "king", false), ("queen", "queen ", true), ("price", "price<", false), ("", "q", false),
        ("queen", "quee", false), ("queen", "qeen", false), ("kind", "kind:", false),
        ("abcdefghi", "abcdefghij", false),
        (String(repeating: "a", count: 65), String(repeating: "a", count: 66), false),
        // Words ended by a space stay words of the longer query.
        ("coffee ", "coffee mug", true), ("coffee", "coffee m", true), ("coffee m", "coffee mu", false),
        ("coffee  mug ", "coffee  mug -tea", true), ("rose ", "rose kind:card", true), ("rose ", "rose price<5", true),
        ("kind:card ", "kind:card x", false), ("-tea ", "-tea mug", false), ("price ", "price<5", false),
        ("mug ", "mug", false), ("   ", "   x", false), ("coffee ", "coffeé", false),
        // A word that other words change: a connector between words, a number among words.
        ("love and ", "love and basketball", false), ("ii ", "ii queen", false), ("queen 2 ", "queen 2 x", false),
        ("love ", "love and", true), ("queen ", "queen 2", true), ("queen i ", "queen i x", true),
    ])
    func reuseOnlyWhereNoRecordCanBeLost(old: String, new: String, reuse: Bool) {
        #expect(NarrowingRule.mayReuse(matchesOf: old, for: new) == reuse)
    }

    /// A word grown by a letter may match where the shorter one did not,
    /// without a typo: `n` inside "Smartphone" is letters inside a
    /// capitalised word, which match nothing, but `ne` ends it, as a
    /// compound's last part does. The picker finds it as a one-shot search
    /// does, after `n` was typed.
    @Test func aLongerWordFindsWhatTheShorterOneDidNot() throws {
        let names = ["Smartphone", "Nest", "Neon sign", "Minecraft", "Lantern"]
        let fixture = try PickerFixture(names: names)
        #expect(!fixture.hits("n").map(\.row.name).contains("Smartphone"))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("narrowing-\(UUID().uuidString).jsonl")
        try Data(names.map { #"{"kind":"note","name":"\#($0)"}"# }.joined(separator: "\n").utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let oneShot = try SearchEngine.search(
            sources: [DataSource.path(file.path)], query: QueryParser().parse("ne"),
            options: SearchOptions(limit: 1000, kinds: ["note"]), registry: fixture.registry, diagnose: { _ in })
        #expect(oneShot.hits.map(\.row.name).contains("Smartphone"))
        #expect(fixture.hits("ne").map(\.row.name) == oneShot.hits.map(\.row.name))
    }
}
