import Foundation
import Testing

@testable import TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `search --push` and `search --source` against real Sphinx servers: two
/// shards and an aggregator on 127.0.0.1, started for each test.
@Suite(.serialized, .enabled(if: ClusterFixture.enabled, ClusterFixture.skipReason))
struct ClusterTests {
    /// The names and kinds of the top hits, in order, from `--format jsonl`.
    static func ranking(_ output: String) -> [String] {
        output.split(separator: "\n").compactMap { line -> String? in
            guard let data = line.data(using: .utf8),
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
            else { return nil }
            return "\(object["kind"] ?? "?")/\(object["name"] ?? "?")"
        }
    }

    /// Writes `records` as NDJSON to a file in `folder`.
    static func write(_ records: [String], to folder: URL, name: String = "records.jsonl") throws -> String {
        let path = folder.appendingPathComponent(name).path
        try (records.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Loads `file` into the cluster and checks it all landed.
    static func push(_ file: String, to cluster: ClusterFixture) throws -> CommandResult {
        try BinaryRunner.run(["--push", cluster.url, "--data", file])
    }

    /// About 3,000 products and domains with unique names, from a seed: words
    /// that match `coffee` and `house` at every tier, accents, camel case.
    static func generatedRecords(seed: UInt64 = 21) -> [String] {
        var random = SplitMix64(state: seed)
        let words = [
            "coffee", "Coffee", "coffeehouse", "CoffeeHouse", "decoffee", "house", "House", "warehouse", "Zürich",
            "zurich", "café", "Cafe", "Müller", "mill", "roast", "Roasters", "bean", "beans", "tea", "teahouse",
            "cof", "cofactor", "toffee", "Kaffee", "espresso", "latte", "mocha", "Ελλάδα", "Москва", "grind",
            "crème", "brûlée", "office", "offer", "coffee-break", "house_blend",
        ]
        let categories = ["coffee", "tea", "house wares", "bakery", "office"]
        var names: Set<String> = []
        var records: [String] = []
        func quoted(_ text: String) -> String {
            let data = try! JSONSerialization.data(withJSONObject: [text], options: [.fragmentsAllowed])
            return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
        }
        while records.count < 3000 {
            let count = 1 + Int(random.next() % 3)
            let parts = (0..<count).map { _ in words[Int(random.next() % UInt64(words.count))] }
            if random.next() % 3 == 0 {
                let name = parts.joined(separator: random.next() % 2 == 0 ? "-" : "").lowercased() + ".com"
                guard names.insert("d/" + name).inserted else { continue }
                records.append(#"{"kind":"domain","name":\#(quoted(name)),"status":"taken"}"#)
            } else {
                let name = parts.joined(separator: " ")
                guard names.insert("p/" + name).inserted else { continue }
                let category = categories[Int(random.next() % UInt64(categories.count))]
                let price = Double(random.next() % 5000) / 100
                let description = (0..<4).map { _ in words[Int(random.next() % UInt64(words.count))] }.joined(
                    separator: " ")
                records.append(
                    #"{"kind":"product","name":\#(quoted(name)),"price":\#(price),"category":"\#(category)","description":\#(quoted(description))}"#
                )
            }
        }
        return records
    }

    @Test(
        "The top 20 from the cluster equal the top 20 from the same records in a file",
        arguments: [
            "coffee", "cof", "house", "offe", "zurich", "café", "coffee house", "roast bean", "ee", "Москва", "break",
            "tea", "bean", "roaster", "mill", "blend", "ελλαδα", "kaffee", "co", "coffee-break",
        ])
    func clusterRanksAsAFile(query: String) throws {
        let cluster = try ClusterFixture()
        defer { cluster.stop() }
        let file = try Self.write(Self.generatedRecords(), to: cluster.folder)
        let pushed = try Self.push(file, to: cluster)
        #expect(pushed.status == 0, "\(pushed.stderr)")
        #expect(pushed.stderr.contains("loaded 3000 records"), "\(pushed.stderr)")

        let remote = try BinaryRunner.run([query, "--source", cluster.url, "--format", "jsonl", "-n", "20"])
        let local = try BinaryRunner.run([query, "--data", file, "--format", "jsonl", "-n", "20"])
        #expect(remote.status == 0, "\(remote.stderr)")
        let remoteRanking = Self.ranking(remote.stdout)
        #expect(remoteRanking.count == 20)
        #expect(remoteRanking == Self.ranking(local.stdout))
    }

    /// Cards, products and domains whose fields of different weights share
    /// words: the same slot holds a strong field of one kind (a category, 30;
    /// a card's symbol, 50) and a weak one of another (a domain's status, 5),
    /// and many more records match each word in weak fields than are fetched.
    static func mixedKindRecords(seed: UInt64 = 22) -> [String] {
        var random = SplitMix64(state: seed)
        func pick(_ words: [String]) -> String { words[Int(random.next() % UInt64(words.count))] }
        let words = ["red", "Red", "black", "taken", "tea", "wine", "hearts", "redwood", "blackened", "teak", "winery"]
        let ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
        var records: [String] = []
        for index in 0..<1200 {
            switch index % 3 {
            case 0:
                let suit = pick(["hearts", "spades", "diamonds", "clubs"])
                records.append(#"{"kind":"card","id":\#(index + 1),"rank":"\#(pick(ranks))","suit":"\#(suit)"}"#)
            case 1:
                let name = "\(pick(words)) \(pick(["mug", "cup", "jar", "glass"])) \(index)"
                let category = pick(["red wine", "tea", "black tea", "house wares", "wine"])
                let description = (0..<3).map { _ in pick(words) }.joined(separator: " ")
                records.append(
                    #"{"kind":"product","name":"\#(name)","category":"\#(category)","description":"\#(description)","price":\#(index % 50)}"#
                )
            default:
                let name = "\(pick(words).lowercased())\(index).\(pick(["com", "net", "io"]))"
                let status = pick(["taken", "available", "red"])
                records.append(#"{"kind":"domain","name":"\#(name)","status":"\#(status)"}"#)
            }
        }
        return records
    }

    /// A one-word search fetches its candidates over all fields at once,
    /// ranked by each record's best field: across kinds whose fields weigh
    /// differently, the top 20 still equal a file's.
    @Test(
        "One word across kinds and fields of different weights: the top 20 equal a file's",
        arguments: ["red", "taken", "tea", "wine", "black", "hearts", "re", "ine", "ack", "available", "teak", "mug"])
    func oneWordRanksAcrossKindsAsAFile(query: String) throws {
        let cluster = try ClusterFixture()
        defer { cluster.stop() }
        let records = Self.mixedKindRecords()
        let file = try Self.write(records, to: cluster.folder)
        let pushed = try Self.push(file, to: cluster)
        #expect(pushed.stderr.contains("loaded \(records.count) records"), "\(pushed.stderr)")
        for arguments in [["-n", "20"], ["-n", "5", "--offset", "30"]] {
            let remote = try BinaryRunner.run([query, "--source", cluster.url, "--format", "jsonl"] + arguments)
            let local = try BinaryRunner.run([query, "--data", file, "--format", "jsonl"] + arguments)
            #expect(remote.status == 0, "\(remote.stderr)")
            #expect(!Self.ranking(remote.stdout).isEmpty)
            #expect(Self.ranking(remote.stdout) == Self.ranking(local.stdout), "\(arguments)")
        }
    }

    /// Filters and `--sort` are pushed down to the cluster; domains have no
    /// price, which a JSON filter alone would let through.
    @Test func filtersAndSortMatchAFile() throws {
        let cluster = try ClusterFixture()
        defer { cluster.stop() }
        let file = try Self.write(Self.generatedRecords(), to: cluster.folder)
        _ = try Self.push(file, to: cluster)
        let cases: [[String]] = [
            ["ee", "price<1"], ["price<0.5"], ["price:10..10.5"], ["coffee", "price>=49.5"],
            ["ee", "--sort", "price"], ["ee", "--sort", "-price"], ["--sort", "-price"], ["ee", "price:*", "-n", "30"],
            ["house", "--sort", "price", "price>45"], ["coffee", "--kind", "domain"],
            ["ee", "kind:product", "price<2"],
            ["-n", "40", "--", "house", "-tea"],
        ]
        for arguments in cases {
            let remote = try BinaryRunner.run(["--source", cluster.url, "--format", "jsonl"] + arguments)
            let local = try BinaryRunner.run(["--data", file, "--format", "jsonl"] + arguments)
            #expect(remote.status == local.status, "\(arguments): \(remote.stderr)")
            #expect(!remote.stderr.contains("--sort"), "\(arguments): \(remote.stderr)")
            #expect(!Self.ranking(remote.stdout).isEmpty, "\(arguments)")
            #expect(Self.ranking(remote.stdout) == Self.ranking(local.stdout), "\(arguments)")
        }
    }

    /// A sort by text, or by a search field, is the file's: the cluster
    /// reads every candidate with a text value, and says nothing.
    @Test func aSortByTextMatchesAFile() throws {
        let cluster = try ClusterFixture()
        defer { cluster.stop() }
        let file = try Self.write(Self.generatedRecords(), to: cluster.folder)
        _ = try Self.push(file, to: cluster)
        for arguments in [
            ["ee", "--sort", "name"], ["ee", "--sort", "-category"], ["--sort", "category", "-n", "30"],
        ] {
            let remote = try BinaryRunner.run(arguments + ["--source", cluster.url, "--format", "jsonl"])
            let local = try BinaryRunner.run(arguments + ["--data", file, "--format", "jsonl"])
            #expect(remote.status == 0, "\(arguments): \(remote.stderr)")
            #expect(remote.stderr.isEmpty, "\(arguments): \(remote.stderr)")
            #expect(!Self.ranking(remote.stdout).isEmpty)
            #expect(Self.ranking(remote.stdout) == Self.ranking(local.stdout), "\(arguments)")
        }
    }

    /// Numbers written as text (CSV) filter as numbers in the cluster too.
    @Test func numbersFromCSVFilterAsNumbers() throws {
        let cluster = try ClusterFixture()
        defer { cluster.stop() }
        var csv = "kind,name,price\n"
        for index in 1...300 { csv += "product,cup \(index),\(Double(index % 50) / 4)\n" }
        let file = cluster.folder.appendingPathComponent("cups.csv").path
        try csv.write(toFile: file, atomically: true, encoding: .utf8)
        let pushed = try BinaryRunner.run(["--push", cluster.url, "--data", file])
        #expect(pushed.status == 0, "\(pushed.stderr)")
        for arguments in [["cup", "price<0.5", "-n", "100"], ["price:2.25..2.5"], ["cup", "--sort", "-price"]] {
            let remote = try BinaryRunner.run(arguments + ["--source", cluster.url, "--format", "jsonl"])
            let local = try BinaryRunner.run(arguments + ["--data", file, "--format", "jsonl"])
            #expect(!Self.ranking(remote.stdout).isEmpty, "\(arguments)")
            #expect(Self.ranking(remote.stdout) == Self.ranking(local.stdout), "\(arguments)")
        }
    }

    @Test func deepOffsetsPastAThousandMatchAFile() throws {
        let cluster = try ClusterFixture()
        defer { cluster.stop() }
        let file = try Self.write(Self.generatedRecords(), to: cluster.folder)
        _ = try Self.push(file, to: cluster)
        for arguments in [["ee", "--offset", "1200", "-n", "10"], ["--offset", "2500", "-n", "10"]] {
            let remote = try BinaryRunner.run(arguments + ["--source", cluster.url, "--format", "jsonl"])
            let local = try BinaryRunner.run(arguments + ["--data", file, "--format", "jsonl"])
            #expect(remote.status == 0, "\(arguments): \(remote.stderr)")
            #expect(Self.ranking(remote.stdout).count == 10, "\(arguments)")
            #expect(Self.ranking(remote.stdout) == Self.ranking(local.stdout), "\(arguments)")
        }
    }

    @Test func clusterAndFileMergeIntoOneRanking() throws {
        let cluster = try ClusterFixture()
        defer { cluster.stop() }
        let records = Self.generatedRecords()
        let all = try Self.write(records, to: cluster.folder, name: "all.jsonl")
        let first = try Self.write(Array(records[..<1500]), to: cluster.folder, name: "first.jsonl")
        let rest = try Self.write(Array(records[1500...]), to: cluster.folder, name: "rest.jsonl")
        _ = try Self.push(first, to: cluster)
        let merged = try BinaryRunner.run(["coffee", "--source", cluster.url, "--data", rest, "--format", "jsonl"])
        let local = try BinaryRunner.run(["coffee", "--data", all, "--format", "jsonl"])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(Self.ranking(merged.stdout) == Self.ranking(local.stdout))
    }

    /// Quotes, backslashes, every operator of the full-text syntax and NUL,
    /// in the records and in the queries: no statement breaks, and the
    /// cluster finds what a file gives.
    @Test func userTextIsEscapedAsSQLAndAsFullText() throws {
        let cluster = try ClusterFixture()
        defer { cluster.stop() }
        let nasty = [
            #"it's"#, #"back\slash"#, "@name", "^start", "end$", "star*", "(paren)", "pipe|bar", "dash-ed",
            #"say "hi""#, "slash/ed", "bang!", "tilde~", #""eq=al""#, "nul\u{0}byte", "'; DROP TABLE items; --",
        ]
        var records: [String] = []
        for (index, text) in nasty.enumerated() {
            let data = try JSONSerialization.data(withJSONObject: ["kind": "product", "name": text + " coffee"])
            records.append(String(decoding: data, as: UTF8.self))
            records.append(#"{"kind":"product","name":"plain \#(index)"}"#)
        }
        let file = try Self.write(records, to: cluster.folder)
        let pushed = try Self.push(file, to: cluster)
        #expect(pushed.status == 0, "\(pushed.stderr)")
        #expect(pushed.stderr.contains("loaded \(records.count) records"), "\(pushed.stderr)")
        for query in nasty + [#"\"#, "'", "*", "@", "\u{0}", #"\'"#] {
            let remote = try BinaryRunner.run(["--source", cluster.url, "--format", "jsonl", "--", query])
            let local = try BinaryRunner.run(["--data", file, "--format", "jsonl", "--", query])
            #expect(!remote.stderr.contains("error:"), "\(query.debugDescription): \(remote.stderr)")
            #expect(remote.status == local.status, "\(query.debugDescription): \(remote.stderr)")
            #expect(Self.ranking(remote.stdout) == Self.ranking(local.stdout), "\(query.debugDescription)")
        }
        // The whole record comes back as it was loaded.
        let whole = try BinaryRunner.run(["back", "--source", cluster.url, "--format", "jsonl"])
        #expect(whole.stdout.contains(#""name":"back\\slash coffee""#), "\(whole.stdout)")
    }

    @Test func aShardThatIsDownGivesPartialResultsAndFailsUnderStrict() throws {
        let cluster = try ClusterFixture()
        defer { cluster.stop() }
        let file = try Self.write(Self.generatedRecords(), to: cluster.folder)
        _ = try Self.push(file, to: cluster)
        cluster.stopServer("shard1")
        let partial = try BinaryRunner.run(["coffee", "--source", cluster.url])
        #expect(partial.status == 0, "\(partial.stderr)")
        #expect(partial.stderr.contains("partial results: 1 of 2 shards did not answer"), "\(partial.stderr)")
        #expect(!partial.stdout.isEmpty)
        let strict = try BinaryRunner.run(["coffee", "--source", cluster.url, "--strict"])
        #expect(strict.status == 2)
    }

    /// One server holding the index itself (a shard, or a single Manticore
    /// node) is loaded and searched without an aggregator.
    @Test func aSingleServerIsLoadedAndSearchedDirectly() throws {
        let cluster = try ClusterFixture(shards: 1)
        defer { cluster.stop() }
        let config = try String(
            contentsOf: cluster.folder.appendingPathComponent("conf/shard0.conf"), encoding: .utf8)
        let listen = try #require(config.split(separator: "\n").first { $0.hasSuffix(":mysql41") })
        let port = try #require(listen.split(separator: ":").dropLast().last)
        let url = "sphinxql://127.0.0.1:\(port)/items"
        let file = try Self.write(Self.generatedRecords(), to: cluster.folder)
        let pushed = try BinaryRunner.run(["--push", url, "--data", file])
        #expect(pushed.status == 0, "\(pushed.stderr)")
        #expect(pushed.stderr.contains("loaded 3000 records"), "\(pushed.stderr)")
        let remote = try BinaryRunner.run(["coffee", "--source", url, "--format", "jsonl"])
        let local = try BinaryRunner.run(["coffee", "--data", file, "--format", "jsonl"])
        #expect(Self.ranking(remote.stdout).count == 20)
        #expect(Self.ranking(remote.stdout) == Self.ranking(local.stdout))
    }

    /// `--explain` says what each cluster was asked, even with `--quiet`,
    /// once it answered; nothing without it, nor when the search fails.
    @Test func explainSaysWhatEachClusterWasAsked() throws {
        let cluster = try ClusterFixture()
        defer { cluster.stop() }
        let file = try Self.write(Self.generatedRecords(), to: cluster.folder)
        _ = try Self.push(file, to: cluster)
        let note = "note: \(cluster.url): "
        let run = try BinaryRunner.run(["coffee", "--source", cluster.url])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("note:"), "\(run.stderr)")
        let explained = try BinaryRunner.run([
            "coffee", "--source", cluster.url, "--source", cluster.url, "-q", "--explain",
        ])
        #expect(explained.status == 0, "\(explained.stderr)")
        #expect(explained.stderr.components(separatedBy: note).count - 1 == 2, "\(explained.stderr)")
        #expect(explained.stderr.contains("candidates ranked here, of "), "\(explained.stderr)")
        #expect(explained.stdout.contains("MATCH"), "\(explained.stdout)")
        let wrongIndex = cluster.url.replacingOccurrences(of: "/items", with: "/nosuch")
        let refused = try BinaryRunner.run(["coffee", "--source", wrongIndex, "--explain"])
        #expect(refused.status == 2)
        #expect(!refused.stderr.contains("note:"), "\(refused.stderr)")
    }

    /// A page settles once enough matches of the shortest fields are in
    /// hand, not after every candidate: of 2,400 domains `coffeeN.tld`,
    /// far fewer are read than match, for the word (whose matches end where
    /// a digit starts a word: that start is not inside them) and for a typo
    /// (one letter put in, while the rare typos of higher quality, two
    /// letters swapped, still come first). Both read every candidate before
    /// their streams were bounded so (a word start just after the pattern
    /// counted as inside it; one typo ceiling for every class of typo).
    @Test(arguments: ["coffee", "cofee"])
    func aPageReadsFarFewerRowsThanMatch(query: String) throws {
        let cluster = try ClusterFixture()
        defer { cluster.stop() }
        let tlds = ["nl", "uk", "de", "io", "fr", "com"]
        var records = (0..<2_400).map {
            #"{"kind":"domain","name":"coffee\#($0).\#(tlds[$0 % tlds.count])","status":"taken"}"#
        }
        records.insert(#"{"kind":"product","name":"Coefe Mug","price":7}"#, at: 900)
        records.insert(#"{"kind":"domain","name":"ocfee.org","status":"taken"}"#, at: 2_100)
        let file = try Self.write(records, to: cluster.folder)
        let pushed = try Self.push(file, to: cluster)
        #expect(pushed.status == 0, "\(pushed.stderr)")
        let remote = try BinaryRunner.run([
            query, "--source", cluster.url, "--format", "jsonl", "-n", "20", "--explain",
        ])
        let local = try BinaryRunner.run([query, "--data", file, "--format", "jsonl", "-n", "20"])
        #expect(remote.status == 0, "\(remote.stderr)")
        #expect(Self.ranking(remote.stdout) == Self.ranking(local.stdout))
        if query == "cofee" {
            #expect(Self.ranking(remote.stdout).prefix(2).sorted() == ["domain/ocfee.org", "product/Coefe Mug"])
        }
        let rowsRead = remote.stderr.split(separator: " ").firstIndex(of: "rows").flatMap { index in
            Int(remote.stderr.split(separator: " ")[index - 1])
        }
        let read = try #require(rowsRead, "\(remote.stderr)")
        #expect(read < 600, "\(read) rows read for the top 20 of 2,400 matches: \(remote.stderr)")
    }

    /// A server is ready when it greets on a port whose listening socket it
    /// holds: a second server given a running one's ports (as when another
    /// test took them after they were chosen) answers the connect through
    /// the first, greeting and all, yet is not taken for ready, and the
    /// script starts again on other ports (status 3).
    @Test func aServerWhosePortsAnotherHoldsIsNotReady() throws {
        let cluster = try ClusterFixture(shards: 1)
        defer { cluster.stop() }
        let config = try String(
            contentsOf: cluster.folder.appendingPathComponent("conf/shard0.conf"), encoding: .utf8)
        let listens = config.split(separator: "\n").filter { $0.contains("listen = 127.0.0.1:") }
        let sql = try #require(listens.first { $0.hasSuffix(":mysql41") }?.split(separator: ":").dropLast().last)
        let api = try #require(listens.first { !$0.hasSuffix(":mysql41") }?.split(separator: ":").last)
        let script = BinaryRunner.packageRoot.appendingPathComponent("scripts/cluster.sh").path
        let rival = cluster.folder.appendingPathComponent("rival").path
        let steps = """
            source '\(script)'
            dir='\(rival)'
            mkdir -p "$dir/data/shard0" "$dir/log" "$dir/run"
            shard_config "$dir" shard0 \(api) \(sql) >"$dir/shard0.conf"
            searchd -c "$dir/shard0.conf" --nodetach >"$dir/log/shard0.out" 2>&1 </dev/null &
            pid=$!
            status=0
            wait_ready "$pid" \(sql) "$dir/log/shard0.out" \(api) || status=$?
            kill -TERM "$pid" 2>/dev/null || true
            sleep 0.5
            kill -KILL "$pid" 2>/dev/null || true
            wait "$pid" || true
            echo "ready status $status"
            """
        let file = cluster.folder.appendingPathComponent("rival.sh").path
        try steps.write(toFile: file, atomically: true, encoding: .utf8)
        let output = cluster.folder.appendingPathComponent("rival.out").path
        _ = try ClusterFixture.spawnAndWait(["/bin/bash", file], output: output)
        let said = try String(contentsOfFile: output, encoding: .utf8)
        #expect(said.contains("ready status 3"), "\(said)")
        // The first server still answers on its port.
        let found = try BinaryRunner.run(["coffee", "--source", cluster.url])
        #expect(found.status == 1, "\(found.stderr)")
    }

    @Test func aServerErrorIsQuotedOnOneLine() throws {
        let cluster = try ClusterFixture()
        defer { cluster.stop() }
        let wrongIndex = cluster.url.replacingOccurrences(of: "/items", with: "/nosuch")
        let run = try BinaryRunner.run(["coffee", "--source", wrongIndex])
        #expect(run.status == 2)
        let lines = run.stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }
        #expect(lines.count == 1, "\(run.stderr)")
        #expect(lines.first?.contains("refused the search: '") == true, "\(run.stderr)")
        #expect(lines.first?.contains("nosuch") == true, "\(run.stderr)")
    }

    /// A malformed line is reported as a search reports it; records with
    /// the same id replace one another, and say so; the same record twice is
    /// held once; distinct records that share a name stay apart.
    @Test func pushReportsBadRecordsAndKeepsGoing() throws {
        let cluster = try ClusterFixture()
        defer { cluster.stop() }
        let file = try Self.write(
            [
                #"{"kind":"product","name":"good coffee"}"#, #"{"kind":"product","name":"#,
                #"{"kind":"product","name":"more coffee"}"#, #"{"kind":"product","name":"good coffee","price":2}"#,
                #"{"kind":"product","id":7,"name":"old coffee"}"#, #"{"kind":"product","id":7,"name":"new coffee"}"#,
                #"{"kind":"product","name":"more coffee"}"#,
            ],
            to: cluster.folder)
        let pushed = try Self.push(file, to: cluster)
        #expect(pushed.status == 0, "\(pushed.stderr)")
        #expect(pushed.stderr.contains("records.jsonl:2:26: malformed JSON"), "\(pushed.stderr)")
        #expect(pushed.stderr.contains("records.jsonl:6: the same 'id' as "), "\(pushed.stderr)")
        #expect(pushed.stderr.contains("records.jsonl:5: replaces it in the cluster"), "\(pushed.stderr)")
        #expect(pushed.stderr.contains("records.jsonl:7: the same record as "), "\(pushed.stderr)")
        #expect(pushed.stderr.contains("loaded 6 records"), "\(pushed.stderr)")
        #expect(pushed.stderr.contains("4 added, 2 replaced"), "\(pushed.stderr)")
        #expect(pushed.stderr.contains("1 skipped"), "\(pushed.stderr)")
        let found = try BinaryRunner.run(["coffee", "--source", cluster.url, "--format", "jsonl"])
        #expect(
            Self.ranking(found.stdout).sorted() == [
                "product/good coffee", "product/good coffee", "product/more coffee", "product/new coffee",
            ])
    }

    @Test func pushNamesEveryRecordThatDidNotLandWhenAShardFails() throws {
        let cluster = try ClusterFixture()
        defer { cluster.stop() }
        let records = (1...40).map { #"{"kind":"product","id":\#($0),"name":"item \#($0)"}"# }
        let file = try Self.write(records, to: cluster.folder)
        cluster.stopServer("shard1")
        let pushed = try Self.push(file, to: cluster)
        #expect(pushed.status == 2)
        // Ids route by id modulo the shard count: the odd ids go to shard 1.
        let expected = (1...40).filter { $0 % 2 == 1 }.map { "  \(file):\($0)" }
        let listed = pushed.stderr.split(separator: "\n").filter { $0.hasPrefix("  ") }.map(String.init)
        #expect(listed == expected, "\(pushed.stderr)")
        #expect(pushed.stderr.contains("error: 20 records did not land"), "\(pushed.stderr)")
        #expect(pushed.stderr.contains("loaded 20 records"), "\(pushed.stderr)")
    }
}

/// Failures that need no cluster: nothing listens, or something listens and
/// never answers.
@Suite struct ClusterConnectionTests {
    /// A port on 127.0.0.1 that nothing listens on.
    static func closedPort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    @Test func aRefusedConnectionIsAnError() throws {
        let url = "sphinxql://127.0.0.1:\(Self.closedPort())/items"
        let run = try BinaryRunner.run(["coffee", "--source", url])
        #expect(run.status == 2)
        #expect(run.stderr.contains("error: cannot search \(url): cannot connect to 127.0.0.1"), "\(run.stderr)")
        // Nothing is said about what the cluster could have found: it was never reached.
        #expect(!run.stderr.contains("note:"), "\(run.stderr)")
        let push = try BinaryRunner.run(["--push", url, "--data", "Examples/data/cards.jsonl"])
        #expect(push.status == 2)
        #expect(push.stderr.contains("error: cannot load into \(url)"), "\(push.stderr)")
    }

    /// A server that accepts and never speaks: the search gives up after the
    /// connect timeout, with an error.
    @Test func aSilentServerTimesOutWithinTheTimeout() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        listen(fd, 8)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        let url = "sphinxql://127.0.0.1:\(UInt16(bigEndian: address.sin_port))/items"
        let start = Date()
        let run = try BinaryRunner.run(["coffee", "--source", url, "--connect-timeout", "0.5"])
        let elapsed = Date().timeIntervalSince(start)
        #expect(run.status == 2)
        #expect(run.stderr.contains("no greeting from 127.0.0.1"), "\(run.stderr)")
        #expect(run.stderr.contains("within 0.5 s"), "\(run.stderr)")
        #expect(elapsed < 3, "took \(elapsed) s")
    }

    /// A server's error message reaches the terminal quoted, with its
    /// control characters made visible.
    @Test func aServerErrorIsSanitised() throws {
        let server = try FakeMySQLServer { _ in
            [FakeMySQLServer.error(code: 1064, state: "42000", message: "bad \u{1B}[31mred\u{7}\u{0}\nforged: line")]
        }
        defer { server.stop() }
        let run = try BinaryRunner.run(["coffee", "--source", "sphinxql://127.0.0.1:\(server.port)/items"])
        #expect(run.status == 2)
        #expect(!run.stderr.contains("\u{1B}") && !run.stderr.contains("\u{7}") && !run.stderr.contains("\u{0}"))
        #expect(
            run.stderr.contains("refused the search: 'bad ^[[31mred^G^@^Jforged: line' (error 1064)"), "\(run.stderr)")
    }

    /// A server that greets and then never answers the query: an error
    /// after the query timeout.
    @Test func aStalledQueryTimesOut() throws {
        let server = try FakeMySQLServer { _ in nil }
        defer { server.stop() }
        let start = Date()
        let run = try BinaryRunner.run(
            ["coffee", "--source", "sphinxql://127.0.0.1:\(server.port)/items", "--query-timeout", "0.5"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("no answer within 0.5 s"), "\(run.stderr)")
        #expect(Date().timeIntervalSince(start) < 3)
    }

    /// A URL with a user and password is refused (exit 64) and the
    /// password is never printed, for a search and for a load.
    @Test func aURLWithCredentialsIsRefusedAndNeverEchoed() throws {
        let url = "sphinxql://alice:secret@127.0.0.1:\(Self.closedPort())/items"
        for arguments in [["queen", "--source", url], ["--push", url, "--data", "Examples/data/cards.jsonl"]] {
            let run = try BinaryRunner.run(arguments)
            #expect(run.status == 64, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains("takes no user or password"), "\(run.stderr)")
            #expect(!run.stderr.contains("secret") && !run.stdout.contains("secret"), "\(run.stderr)")
            #expect(!run.stderr.contains("alice"), "\(run.stderr)")
        }
        for malformed in ["sphinxql://127.0.0.1:9306/items?x=1", "sphinxql://127.0.0.1:99999/items", "sphinxql://"] {
            let run = try BinaryRunner.run(["queen", "--source", malformed])
            #expect(run.status == 64, "\(malformed): \(run.stderr)")
        }
    }

    @Test func aURLThatIsNotAClusterIsAUsageError() throws {
        let run = try BinaryRunner.run(["coffee", "--source", "mysql://127.0.0.1:9306/items"])
        #expect(run.status == 64)
        #expect(run.stderr.contains("sphinxql://HOST:PORT/INDEX"), "\(run.stderr)")
        let picker = try BinaryRunner.run(["coffee", "-i", "--source", "sphinxql://127.0.0.1:9306/items"])
        #expect(picker.status == 64)
        #expect(picker.stderr.contains("a cluster cannot be searched with -i"), "\(picker.stderr)")
    }
}
