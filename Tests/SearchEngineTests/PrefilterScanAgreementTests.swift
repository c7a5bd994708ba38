import Testing
import TextMatching

@testable import SearchEngine

/// The prefilter's scans (``LinePrefilter/mayMatch(_:)``,
/// ``LinePrefilter/mayMatchKeysOrValues(_:)``, the block scan
/// ``LinePrefilter/hits(in:range:)`` and ``LinePrefilter/mayMatchFuzzily(_:)``),
/// both the 32-byte C scan (``ScanKernel``, where this processor has AVX2)
/// and the 16-byte Swift scan, answer as the rule read one byte at a
/// time does, on random lines made of the bytes that matter: fragments of the
/// word in either case and cut short, key quotes and colons, backslashes,
/// bytes from 0x80, and matches in the last bytes of a line (the scalar tail).
@Suite struct PrefilterScanAgreementTests {
    static let queries = [
        "coffee", "cofee", "cfae", "caef", "tea", "kind", "nmae", "\"coffee beans\"", "name:garden", "zzqxj", "café",
        "x12.5", "12.5", "x1",
    ]

    /// Pieces random lines are made of.
    static let pieces: [[UInt8]] =
        [
            "coffee", "COFFEE", "CoFfEe", "cof", "fee", "ffee", "cofe", "cofefe", "ocffee", "cafe", "caef", "cfae",
            "tea",
            "tae", "kind", "name", "nmae", "garden", "beans", "coffee beans", "zzqxj", "\"", "\":", "\":\"", ",", "{",
            "}",
            "\\", "\\u0063", " ", "\t", "x", "12.5", "|", "@", "`",
        ].map { Array($0.utf8) } + [[0xC3, 0xA9], [0x80], [0xFF], [0x7F], [0x00], [0x40], [0x5B]]

    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        mutating func line() -> [UInt8] {
            var line: [UInt8] = []
            let count = Int(next() % 24)
            for _ in 0..<count {
                line +=
                    PrefilterScanAgreementTests.pieces[Int(next() % UInt64(PrefilterScanAgreementTests.pieces.count))]
            }
            return line
        }
    }

    /// The scan is compiled apart for one anchor, two, and more, and for
    /// fragments whose bytes are all compared folded or not: the queries
    /// above give each, among the sets of fragments a sample may choose.
    @Test func theQueriesGiveEachCountOfAnchors() throws {
        // Each set as its count, and whether every fragment's second and
        // third bytes are letters compared folded (not any byte, not cut).
        var kinds: Set<String> = []
        for query in Self.queries {
            let prefilter = try #require(LinePrefilter(query: try QueryParser().parse(query), fuzzy: false))
            for fragments in [prefilter.fragments] + prefilter.alternatives {
                let folded = fragments.allSatisfy {
                    $0.count >= 3 && $0[1] != MatchPattern.anyByte && $0[2] != MatchPattern.anyByte
                }
                // Fragments that start alike share an anchor.
                let anchors = Set(
                    fragments.map { fragment in
                        (0..<3).map { index -> UInt8 in
                            index < fragment.count && (index == 0 || fragment[index] != MatchPattern.anyByte)
                                ? fragment[index] | 0x20 : 0xFF
                        }
                    })
                kinds.insert("\(min(anchors.count, 3)) \(folded ? "folded" : "any")")
            }
        }
        #expect(kinds.isSuperset(of: ["1 folded", "1 any", "2 folded", "3 folded", "3 any"]), "\(kinds)")
    }

    /// Both scans of each query: the C scan where this processor has it.
    static func scans(of query: String) throws -> [LinePrefilter] {
        let prefilter = try #require(LinePrefilter(query: try QueryParser().parse(query), fuzzy: false))
        return [prefilter, prefilter.withoutKernel()]
    }

    /// On a processor with AVX2, every query here takes the C scan (none
    /// has more anchors, fragments or spellings than it holds), and
    /// ``LinePrefilter/withoutKernel()`` the Swift scan.
    /// The C scan compares blocks with each of one to four anchors, and
    /// looks the nibbles of five to eight up in tables: the queries give
    /// both (a four-letter word has five anchors).
    @Test func theQueriesTakeBothWaysOfTheCScan() throws {
        let counts = try Self.queries.map { try Self.scans(of: $0)[0].anchorCount }
        #expect(counts.contains { (1...4).contains($0) } && counts.contains { (5...8).contains($0) }, "\(counts)")
    }

    @Test(arguments: queries)
    func theCScanIsUsedWhereThisProcessorHasIt(query: String) throws {
        let scans = try Self.scans(of: query)
        #expect(scans[0].kernel.isEmpty == !ScanKernel.isAvailable)
        #expect(scans[1].kernel.isEmpty)
    }

    @Test(arguments: queries)
    func theVectorScanAnswersAsTheByteRule(query: String) throws {
        for prefilter in try Self.scans(of: query) { try theVectorScanAnswersAsTheByteRule(query: query, prefilter) }
    }

    private func theVectorScanAnswersAsTheByteRule(query: String, _ prefilter: LinePrefilter) throws {
        var generator = Generator(state: 0x5EED ^ UInt64(query.utf8.count))
        var mayMatch = 0
        for _ in 0..<20_000 {
            let line = generator.line()
            line.withUnsafeBytes { bytes in
                let expected = prefilter.mayMatchByteByByte(bytes, countsKeys: false)
                #expect(prefilter.mayMatch(bytes) == expected, "\(String(decoding: line, as: UTF8.self))")
                if expected { mayMatch += 1 }
                #expect(
                    prefilter.mayMatchKeysOrValues(bytes) == prefilter.mayMatchByteByByte(bytes, countsKeys: true),
                    "\(String(decoding: line, as: UTF8.self))")
            }
        }
        // The lines are not all alike: some may match, some may not.
        #expect(mayMatch > 100 && mayMatch < 19_900)
    }

    @Test(arguments: queries)
    func theBlockScanFindsWhatTheByteRuleFinds(query: String) throws {
        for prefilter in try Self.scans(of: query) {
            try theBlockScanFindsWhatTheByteRuleFinds(query: query, prefilter)
        }
    }

    private func theBlockScanFindsWhatTheByteRuleFinds(query: String, _ prefilter: LinePrefilter) throws {
        var generator = Generator(state: 0xB10C ^ UInt64(query.utf8.count))
        var total = 0
        for _ in 0..<40 {
            var block: [UInt8] = []
            for _ in 0..<200 { block += generator.line() + [0x0A] }
            // Some blocks end inside a line.
            if generator.next() % 2 == 0 { block += generator.line() }
            let hits = block.withUnsafeBytes { prefilter.hits(in: $0, range: 0..<block.count) }
            let expected = block.withUnsafeBytes { prefilter.hitsByteByByte(in: $0, range: 0..<block.count) }
            #expect(hits == expected)
            // A range that starts and ends inside the block.
            let range = 7..<(block.count - 5)
            #expect(
                block.withUnsafeBytes { prefilter.hits(in: $0, range: range) }
                    == block.withUnsafeBytes { prefilter.hitsByteByByte(in: $0, range: range) })
            total += hits.count
        }
        #expect(total > 100)
    }

    /// ``LinePrefilter/mayMatchFuzzily(_:)``, which looks 16 bytes at a
    /// time (the last ones as the line's last 16), answers as a search for
    /// a spelling's letters in order, one byte at a time, does: on lines of
    /// every length, with the letters in either case, near the line's end.
    @Test(arguments: queries)
    func theFuzzyScanAnswersAsTheByteRule(query: String) throws {
        for prefilter in try Self.scans(of: query) { try theFuzzyScanAnswersAsTheByteRule(query: query, prefilter) }
    }

    private func theFuzzyScanAnswersAsTheByteRule(query: String, _ prefilter: LinePrefilter) throws {
        func byByte(_ line: [UInt8]) -> Bool {
            prefilter.spellings.contains { spelling in
                var index = 0
                for unit in spelling {
                    let fold: UInt8 = (0x61...0x7A).contains(unit) ? 0x20 : 0
                    guard let at = line[index...].firstIndex(where: { $0 | fold == unit }) else { return false }
                    index = at + 1
                }
                return true
            }
        }
        var generator = Generator(state: 0xF022 ^ UInt64(query.utf8.count))
        var found = 0
        for round in 0..<20_000 {
            var line = generator.line()
            // Short lines too, cut at every length up to 40 bytes.
            if round % 2 == 0 { line = Array(line.prefix(round % 41)) }
            let expected = byByte(line)
            #expect(line.withUnsafeBytes { prefilter.mayMatchFuzzily($0) } == expected, "\(line)")
            if expected { found += 1 }
        }
        #expect(found > 100 && found < 19_900 || prefilter.spellings.isEmpty)
    }
}
