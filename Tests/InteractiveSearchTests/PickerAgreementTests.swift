import Foundation
import InteractiveSearch
import ResultKit
import SearchEngine
import TestSupport
import Testing

/// The picker shows what a one-shot search shows for the same data: each
/// query typed a character at a time through one ``LiveSearch`` (so that
/// narrowing and the reuse of what earlier keystrokes left behind are
/// exercised) gives the same hits, in the same order, with the same counts,
/// as ``SearchEngine/search(sources:query:options:registry:diagnose:)`` over
/// the files themselves.
@Suite struct PickerAgreementTests {
    /// Plain words, prefixes, typos (`qeen`, `quen`, `queenst`), exclusions,
    /// filters on a field, kinds, phrases, and queries that match nothing,
    /// also after a word that matches (fuzzy stand-ins from every record).
    static let queries = [
        "queen", "queenst", "qeen", "rosta", "kingcard", "queen -card", "kind:memo qu", "price<50",
        "price<50 rose", "rose kind:note", "\"of hearts\"", "zzzzq", "quen rose", "rose queenst", "queen zzzzq",
        "queen rosex",
        // Words that together begin or equal a name (the phrase rule), and exclusions after words.
        "queen of", "of hearts", "rose -queen", "kingcard -note",
        // Typos across the cuts of a word (swaps, a letter missing or added), a word typed in
        // capitals, one digit, one non-ASCII letter.
        "qeuen", "kign", "rsoe", "caord", "queeen", "QUEEN", "7", "é",
        // The forms people type (issue #42): connectors between words, numbers among words,
        // fractions, a lost or changed first letter, an excluded kind or field.
        // Typed a key at a time, `rose and ` and `ii ` are no narrowing for what follows: `and`
        // between words matches `&` too, `ii` with another word matches `2`.
        "rose and queen", "rose & queen", "rose 'n' queen", "2 rose", "ii rose", "½", "1/2 rose", "ueen rose",
        "xqueen", "ardqueen", "queen -kind:card", "-kind:note queen", "queen -name:rose",
    ]

    /// A file of notes, memos, a kind no registry knows, a record its kind
    /// rejects and a malformed line, with names from a few syllables so that
    /// typos and prefixes match many of them. `padding` bytes of an unsearched
    /// field make the file as large as wanted with few records.
    static func mixedFile(records: Int, padding: Int, seed: UInt64) throws -> URL {
        var random = SplitMix64(state: seed)
        let syllables = [
            "qu", "ee", "n", "ki", "ng", "ca", "rd", "o", "s", "ta", "r", "e", "in", "qe", "uen", " of hearts",
        ]
        let filler = String(repeating: "x", count: padding)
        var lines: [String] = []
        for index in 0..<records {
            let name = (0..<Int.random(in: 2...7, using: &random)).map { _ in
                syllables.randomElement(using: &random)!
            }.joined()
            let kind = ["note", "memo", "card", "note"].randomElement(using: &random)!
            let price = Int.random(in: 0...100, using: &random)
            switch index % 97 {
            case 13: lines.append(#"{"kind":"note","body":"queen without a name"}"#)
            case 41: lines.append(#"{"kind":"note","name":"queen broken"#)
            // Names that are not plain ASCII, and a record with no kind at all.
            case 29: lines.append(#"{"kind":"note","name":"Quéen \#(name) ♥","body":"rosé \#(index)"}"#)
            case 61: lines.append(#"{"kind":"memo","name":"🦊 \#(name)","body":"CAFÉ queen"}"#)
            case 73: lines.append(#"{"name":"queen \#(name) kindless","body":"rose"}"#)
            // A name that is not plain ASCII beside plain ASCII texts that match; a name in capitals.
            case 37: lines.append(#"{"kind":"note","name":"Ünïcode \#(name)","body":"queen rose kingcard \#(index)"}"#)
            case 53: lines.append(#"{"kind":"memo","name":"QUEEN OF HEARTS \#(name)","body":"KINGCARD ROSE"}"#)
            // Connectors, numbers and fractions as people type them.
            case 17: lines.append(#"{"kind":"note","name":"Queen & Rose \#(name)","body":"½ rose II"}"#)
            case 19: lines.append(#"{"kind":"memo","name":"Queen 2 \#(name)","body":"rose + 1/2 queen"}"#)
            // The letters and pairs of `queen` and `rose`, but in no one text.
            case 89: lines.append(#"{"kind":"note","name":"que ros","body":"een ose \#(index)"}"#)
            // Capitalised words: letters inside them are fragments, but for a last part.
            case 83: lines.append(#"{"kind":"note","name":"Rosequeen Kingcard \#(name)","body":"Queenly Carose"}"#)
            // A kind no registry knows: its search text joins its keys and values.
            case _ where kind == "card":
                lines.append(#"{"kind":"card","name":"\#(name)","suit":"queen \#(index % 4)","\#(name)":1}"#)
            default:
                lines.append(
                    #"{"kind":"\#(kind)","name":"\#(name)","body":"rose \#(index)","price":\#(price),"pad":"\#(filler)"}"#
                )
            }
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("agreement-\(UUID().uuidString).jsonl")
        try Data(lines.joined(separator: "\n").utf8).write(to: file)
        return file
    }

    /// What is compared of a hit: everything the screen and `--format` show.
    static func describe(_ hits: [SearchHit]) -> [String] {
        hits.map { hit in
            let match = hit.match.map { "\($0.field) \($0.tier) \($0.positions)" } ?? "-"
            return "\(hit.kind.name) \(hit.record.location) \(hit.rank.score) \(match)"
        }
    }

    /// How the records reach the picker.
    enum Layout: String, CaseIterable, Sendable {
        /// Two small files: both held in memory.
        case held
        /// A file large enough to be read in blocks on every core, straight
        /// from the file, by each keystroke's search, then a small one held.
        case fileAndHeld
        /// The large file alone: its matching lines are read again alone.
        case file
        /// The large file piped to standard input: copied as it comes, then
        /// searched in place as the large file is.
        case standardInput
    }

    /// Whether the picker has an index of search texts, and when it ranks through it.
    enum Indexing: String, CaseIterable, Sendable {
        /// No index.
        case none
        /// Every one-word query through the index, never narrowing.
        case everyWord
        /// One word through the index unless an earlier query left few
        /// records, and then plain words ranked among those few from it.
        case narrowedToo
        /// As `narrowedToo`, with the index past its memory budget: its
        /// blocks (of a few hundred records, so that there are many) in a
        /// temporary file, read a block at a time by each search.
        case inAFile
    }

    /// The order the scorer ranks matches by.
    enum Ordering: String, CaseIterable, Sendable {
        /// ``RankingRule/standard``.
        case standard
        /// Typo matches first, then substrings, then the rest as usual: an
        /// order no part of the picker was written for.
        case typosFirst

        var rule: RankingRule {
            switch self {
            case .standard: .standard
            case .typosFirst: RankingRule(bandOrder: [11, 10] + Array(0...9) + [12])
            }
        }
    }

    @Test(arguments: Layout.allCases, Indexing.allCases)
    func thePickerFindsWhatAOneShotSearchFinds(layout: Layout, indexing: Indexing) throws {
        try pickerAgrees(layout: layout, indexing: indexing, ordering: .standard)
    }

    /// The scorer ranks by another order of the tiers, and the picker, its
    /// index and its ranking among earlier matches, follows: it shows what a
    /// one-shot search in that order shows, which is not what the standard
    /// order shows.
    @Test(arguments: Layout.allCases, [Indexing.none, .narrowedToo, .inAFile])
    func thePickerFollowsTheScorersOrder(layout: Layout, indexing: Indexing) throws {
        try pickerAgrees(layout: layout, indexing: indexing, ordering: .typosFirst)
    }

    func pickerAgrees(layout: Layout, indexing: Indexing, ordering: Ordering) throws {
        let indexed = indexing != .none
        let registry = try KindRegistry([noteKind(), noteKind("memo")])
        let big = try Self.mixedFile(records: 7000, padding: layout == .held ? 0 : 1700, seed: 7)
        let small = try Self.mixedFile(records: 300, padding: 0, seed: 8)
        defer {
            try? FileManager.default.removeItem(at: big)
            try? FileManager.default.removeItem(at: small)
        }
        let sources: [DataSource] =
            layout == .file || layout == .standardInput ? [.path(big.path)] : [.path(big.path), .path(small.path)]
        #expect(sources[0].isSearchedInBlocks == (layout != .held))
        let input = open(big.path, O_RDONLY)
        defer { close(input) }
        let records = LoadedRecords(
            sources: layout == .standardInput ? [.standardInput] : sources, reader: RecordReader(registry: registry),
            standardInput: input, diagnose: { _ in })
        #expect(records.readsFiles == (layout != .held))
        // Standard input searched once all of it has come.
        let deadline = Date().addingTimeInterval(60)
        while !records.isComplete, Date() < deadline { usleep(10_000) }
        #expect(records.isComplete)
        // Its records are named <stdin>, where the one-shot search's are named by the file.
        let named = { (lines: [String]) in
            layout == .standardInput ? lines.map { $0.replacingOccurrences(of: big.path, with: "<stdin>") } : lines
        }
        var options = SearchOptions(limit: 40, keepsRecords: false)
        options.ranking = ordering.rule
        // Through the index whenever it can serve the query, rather than
        // reading again what matched before.
        // The index's searches build the best 7 rows first, the rest when shown.
        let live = LiveSearch(
            records: records, registry: registry, options: options, fewCandidates: indexing == .everyWord ? 0 : 4096,
            firstRows: 7, indexBudget: indexing == .inAFile ? 0 : SearchTextIndex.budget,
            indexBlockRecords: indexing == .inAFile ? 500 : SearchTextIndex.blockRecords,
            wake: {})
        // The index of search texts, for one-word queries: held records or a lone file.
        if indexed { #expect(live.buildIndexNow() == (layout != .fileAndHeld)) }
        // In a file of its own past its budget, a file with no name.
        if indexed, layout != .fileAndHeld {
            let descriptor = live.indexFileDescriptor
            #expect((descriptor != nil) == (indexing == .inAFile))
            if let descriptor {
                let target = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(descriptor)")
                #expect(target.hasSuffix("(deleted)"), "\(target)")
            }
        }
        var comparedWithHits = 0
        var narrowed = 0
        var throughIndex = 0
        var builtLater = 0
        var wordsThroughIndex = 0
        var reordered = 0
        for query in Self.queries {
            for length in 1...query.count {
                let typed = String(query.prefix(length))
                let picked = try #require(live.searchNow(typed))
                let parsed: Query
                do {
                    // A phrase being typed reads as closed at the end.
                    let closed = (try? QueryParser().parse(typed)) == nil ? typed + "\"" : typed
                    parsed = try QueryParser().parse((try? QueryParser().parse(closed)) != nil ? closed : typed)
                } catch {
                    guard case .failure = picked.result else {
                        Issue.record("\(typed): the picker ran a query one-shot search refuses")
                        continue
                    }
                    continue
                }
                let oneShot: SearchResult
                do throws(SearchError) {
                    oneShot = try SearchEngine.search(
                        sources: sources, query: parsed, options: options, registry: registry, diagnose: { _ in })
                } catch {
                    guard case .failure = picked.result else {
                        Issue.record("\(typed): the picker ran a query one-shot search refuses: \(error)")
                        continue
                    }
                    continue
                }
                // The rows not built yet, built as a screen scrolling down builds them.
                var hits = try picked.result.get()
                if let more = picked.more {
                    builtLater += 1
                    while hits.count < picked.kept {
                        hits += more.build(hits.count..<min(picked.kept, hits.count + 5))
                    }
                }
                #expect(picked.kept == hits.count, "\(typed)")
                // The status line's kinds: of every match when the index counted them.
                if let kinds = picked.kinds {
                    var every = options
                    every.limit = 100_000
                    let all = try SearchEngine.search(
                        sources: sources, query: parsed, options: every, registry: registry, diagnose: { _ in })
                    #expect(
                        Dictionary(uniqueKeysWithValues: kinds.map { ($0.name, $0.count) })
                            == Dictionary(all.hits.map { ($0.kind.name, 1) }, uniquingKeysWith: +), "\(typed)")
                }
                if !hits.isEmpty { comparedWithHits += 1 }
                if picked.narrowed { narrowed += 1 }
                if picked.indexed { throughIndex += 1 }
                if picked.indexed, parsed.conditions.count > 1 { wordsThroughIndex += 1 }
                #expect(Self.describe(hits) == named(Self.describe(oneShot.hits)), "\(typed)")
                if ordering != .standard {
                    var standard = options
                    standard.ranking = .standard
                    let inStandardOrder = try SearchEngine.search(
                        sources: sources, query: parsed, options: standard, registry: registry, diagnose: { _ in })
                    if Self.describe(inStandardOrder.hits) != Self.describe(oneShot.hits) { reordered += 1 }
                }
                #expect(picked.matched == oneShot.statistics.matched, "\(typed)")
                #expect(picked.total == oneShot.statistics.read, "\(typed)")
            }
        }
        // Most of the queries ran and found something: the comparison is not empty.
        #expect(comparedWithHits >= 60)
        // The other order shows other results, which the picker followed.
        if ordering != .standard { #expect(reordered >= 20, "\(reordered) queries in another order") }
        // Every layout narrows, after a word ended by a space above all.
        #expect(narrowed >= 20, "\(narrowed) narrowed")
        // One-word queries went through the index when there is one.
        if indexed, layout != .fileAndHeld {
            #expect(throughIndex >= 25, "\(throughIndex) through the index")
            #expect(builtLater >= 10, "\(builtLater) with rows built later")
            // Two words ranked among the matches of the first, from the index.
            if indexing == .narrowedToo || indexing == .inAFile {
                #expect(wordsThroughIndex >= 5, "\(wordsThroughIndex) of two words")
            }
        } else {
            #expect(throughIndex == 0)
            #expect(builtLater == 0)
        }
    }

    /// While standard input comes, each search finds what a one-shot search
    /// finds in the lines come so far; once it has all come, what it finds
    /// in all of them.
    @Test func whileStandardInputComesThePickerFindsWhatHasCome() throws {
        let registry = try KindRegistry([noteKind(), noteKind("memo")])
        let file = try Self.mixedFile(records: 4000, padding: 40, seed: 11)
        defer { try? FileManager.default.removeItem(at: file) }
        let lines = try Data(contentsOf: file).split(separator: 0x0A, omittingEmptySubsequences: false)
        let firstHalf = Data(lines.prefix(2000).joined(separator: [0x0A])) + [0x0A]
        // A line come without its line break yet: a record, were it read.
        let cut = Data(#"{"kind":"note","name":"queen rose partial"}"#.utf8)
        let text = firstHalf + cut + [0x0A] + Data(lines.dropFirst(2000).joined(separator: [0x0A]))
        try text.write(to: file)
        let half = file.appendingPathExtension("half.jsonl")
        try firstHalf.write(to: half)
        defer { try? FileManager.default.removeItem(at: half) }
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let writeEnd = ends[1]
        let write: @Sendable (Data) -> Void = { data in
            data.withUnsafeBytes { bytes in
                var offset = 0
                while offset < bytes.count {
                    let count = Glibc.write(writeEnd, bytes.baseAddress! + offset, bytes.count - offset)
                    guard count > 0 else { return }
                    offset += count
                }
            }
        }
        let writer = Thread { write(firstHalf + cut) }
        writer.start()
        let records = LoadedRecords(
            sources: [.standardInput], reader: RecordReader(registry: registry), standardInput: ends[0],
            diagnose: { _ in })
        let options = SearchOptions(limit: 40, keepsRecords: false)
        let live = LiveSearch(records: records, registry: registry, options: options, wake: {})
        func compare(with source: URL, _ stage: String) throws {
            for query in ["queen", "rose", "qeen", "\"of hearts\"", "queen -card", "price<50 rose", "zzzzq", ""] {
                let picked = try #require(live.searchNow(query))
                let oneShot = try SearchEngine.search(
                    sources: [DataSource.path(source.path)], query: QueryParser().parse(query), options: options,
                    registry: registry, diagnose: { _ in })
                // Nothing is said of the line still coming: it is not read.
                let lastLine = source == half ? 2000 : 4001
                let past = picked.diagnostics.filter { ($0.location?.line ?? 0) > lastLine }
                #expect(past.isEmpty, "\(stage): \(query): \(past)")
                let expected = Self.describe(oneShot.hits).map {
                    $0.replacingOccurrences(of: source.path, with: "<stdin>")
                }
                #expect(Self.describe(try picked.result.get()) == expected, "\(stage): \(query)")
                #expect(picked.matched == oneShot.statistics.matched, "\(stage): \(query)")
                #expect(picked.total == oneShot.statistics.read, "\(stage): \(query)")
            }
        }
        var deadline = Date().addingTimeInterval(30)
        while records.standardInputBytes != firstHalf.count, Date() < deadline { usleep(10_000) }
        #expect(records.standardInputBytes == firstHalf.count)
        #expect(!records.isComplete)
        try compare(with: half, "half come")
        write(text.dropFirst(firstHalf.count + cut.count))
        close(writeEnd)
        deadline = Date().addingTimeInterval(30)
        while !records.isComplete, Date() < deadline { usleep(10_000) }
        #expect(records.isComplete)
        try compare(with: file, "all come")
    }

    /// Lines found in a file are read again only while the file is
    /// unchanged: a record added meanwhile is found by the next keystroke.
    @Test func aFileChangedSinceItsLinesWereFoundIsSearchedWhole() throws {
        let registry = try KindRegistry([noteKind(), noteKind("memo")])
        let big = try Self.mixedFile(records: 7000, padding: 1700, seed: 9)
        defer { try? FileManager.default.removeItem(at: big) }
        let records = LoadedRecords(
            sources: [.path(big.path)], reader: RecordReader(registry: registry), diagnose: { _ in })
        let live = LiveSearch(
            records: records, registry: registry, options: SearchOptions(limit: 40, keepsRecords: false), wake: {})
        #expect(try #require(live.searchNow("rose")).matched > 0)
        let unchanged = try #require(live.searchNow("rose "))
        #expect(unchanged.narrowed)
        let handle = try FileHandle(forWritingTo: big)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("\n{\"kind\":\"note\",\"name\":\"rose queen\"}".utf8))
        try handle.close()
        // `rose queen` matches old lines too: only a full read finds the new one.
        let outcome = try #require(live.searchNow("rose queen"))
        #expect(!outcome.narrowed)
        let oneShot = try SearchEngine.search(
            sources: [DataSource.path(big.path)], query: QueryParser().parse("rose queen"),
            options: SearchOptions(limit: 40, keepsRecords: false), registry: registry, diagnose: { _ in })
        #expect(Self.describe(try outcome.result.get()) == Self.describe(oneShot.hits))
        #expect(try outcome.result.get().first?.row.name == "rose queen")
    }
}
