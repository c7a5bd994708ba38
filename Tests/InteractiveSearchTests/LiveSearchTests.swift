import InteractiveSearch
import ResultKit
import SearchEngine
import TestSupport
import Testing

@Suite struct LiveSearchTests {
    @Test func recordsAreSearchedInMemoryOnEachQuery() throws {
        let fixture = try PickerFixture(names: ["Queen of Hearts", "queens.example", "King of Spades", "quince"])
        #expect(fixture.records.count == 4)
        #expect(Set(fixture.hits("queen").map(\.row.name)) == ["Queen of Hearts", "queens.example"])
        #expect(fixture.hits("king").map(\.row.name) == ["King of Spades"])
        // The empty query lists every record.
        #expect(fixture.hits("").count == 4)
    }

    @Test func aQueryThatCannotRunSaysWhy() throws {
        let fixture = try PickerFixture(names: ["a"])
        let outcome = try #require(fixture.live.searchNow("nosuchfield:3"))
        guard case .failure(let failure) = outcome.result else {
            Issue.record("expected a failure")
            return
        }
        #expect(failure.message.contains("nosuchfield"))
    }

    /// Narrowing reads only the previous matches, and finds what a search of
    /// every record finds, in the same order, for query chains typed a
    /// character at a time over seeded random names.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func narrowingFindsWhatAFullSearchFinds(seed: UInt64) throws {
        var random = SplitMix64(state: seed)
        let syllables = ["qu", "ee", "n", "ki", "ng", "ca", "rd", "o", "s", "ta", "r", "e", "in", "qe", "uen"]
        let names = (0..<3000).map { _ in
            (0..<Int.random(in: 2...8, using: &random)).map { _ in syllables.randomElement(using: &random)! }.joined()
        }
        let narrowing = try PickerFixture(names: names)
        let fresh = try PickerFixture(names: names)
        var reused = 0
        for word in ["queenstar kingcard", "rosta qeenin", "cardin ee"] {
            for length in 1...word.count {
                let query = String(word.prefix(length))
                let narrowed = try #require(narrowing.live.searchNow(query))
                // A search with no history reads every record.
                let full = try #require(
                    LiveSearch(
                        records: fresh.records, registry: fresh.registry,
                        options: SearchOptions(limit: 1000, kinds: ["note"]), wake: {}
                    ).searchNow(query))
                if narrowed.narrowed { reused += 1 }
                #expect(!full.narrowed)
                #expect(narrowed.matched == full.matched, "\(query)")
                let names = { (outcome: LiveSearch.Outcome) in (try? outcome.result.get())?.map(\.row.name) ?? [] }
                #expect(names(narrowed) == names(full), "\(query)")
            }
        }
        #expect(reused >= 5, "narrowing never happened")
    }

    @Test func aSearchOvertakenByANewerOneIsDropped() async throws {
        let fixture = try PickerFixture(names: (0..<50_000).map { "name \($0)" })
        // Many queries started at once: only the newest is handed over.
        for length in 1...6 { fixture.live.start(String("name 4".prefix(length))) }
        var outcome: LiveSearch.Outcome?
        for _ in 0..<500 where outcome == nil {
            try await Task.sleep(for: .milliseconds(10))
            outcome = fixture.live.take()
        }
        #expect(outcome?.query == "name 4")
        #expect(fixture.live.take()?.query == nil)
    }
}
