import Foundation
import Testing

@testable import TestSupport

/// The cluster keeps a file's promises: real multilingual records of many
/// kinds (`Examples/data`, and `world.jsonl`'s ten kinds with the example
/// kind specs) are loaded, and the top 20 of about 200 queries of every
/// class (words, prefixes, substrings, typos, every script, emoji, IDN
/// hosts, filters, sorts, offsets, several words, phrases, exclusions) are
/// compared, kind, name, source and score, with those of the files.
///
/// At least 95 % agree exactly, and every query that does not is one of
/// ``knownDifferences``, each with its reason (also in `docs/cluster.md`).
@Suite(.serialized, .enabled(if: ClusterFixture.enabled, ClusterFixture.skipReason))
struct ClusterAgreementTests {
    static let files = [
        "Examples/data/products.jsonl", "Examples/data/cards.jsonl", "Examples/data/domains.jsonl",
        "Examples/data/world/world.jsonl",
    ]

    static let queries: [[String]] = [
        ["queen"], ["coffee"], ["king"], ["spades"], ["hearts"], ["ace"],
        ["switzerland"], ["germany"], ["berlin"], ["tokyo"], ["paris"], ["london"],
        ["york"], ["new"], ["united"], ["republic"], ["island"], ["islands"],
        ["saint"], ["north"], ["south"], ["america"], ["europe"], ["asia"],
        ["africa"], ["pacific"], ["mountain"], ["river"], ["city"], ["dictionary"],
        ["english"], ["french"], ["spanish"], ["german"], ["car"], ["ferrari"],
        ["porsche"], ["audi"], ["bmw"], ["toyota"], ["game"], ["chess"],
        ["puzzle"], ["linux"], ["python"], ["web"], ["shop"], ["net"],
        ["org"], ["com"], ["que"], ["coff"], ["swit"], ["ger"],
        ["ber"], ["tok"], ["par"], ["lon"], ["repu"], ["isl"],
        ["sai"], ["nor"], ["dic"], ["eng"], ["fer"], ["pors"],
        ["pyt"], ["ueen"], ["offe"], ["itzer"], ["erma"], ["okyo"],
        ["epubl"], ["sland"], ["ictio"], ["ngli"], ["erra"], ["ython"],
        ["quen"], ["cofee"], ["swizerland"], ["germny"], ["tokio"], ["brlin"],
        ["repubic"], ["dictionnary"], ["englsh"], ["ferari"], ["porshe"], ["pyhton"],
        ["kign"], ["teh"], ["spdaes"], ["haerts"], ["hindenberg"], ["unfrogiven"],
        ["brokebak mountain"], ["nforgiven"], ["Ελλάδα"], ["ελλ"], ["Αθήνα"], ["москва"],
        ["россия"], ["рос"], ["السعودية"], ["مصر"], ["عرب"], ["ישראל"],
        ["עברית"], ["東京"], ["中国"], ["日本"], ["北京"], ["国"],
        ["にほん"], ["ニホン"], ["ไทย"], ["ประเทศ"], ["भारत"], ["नेपाल"],
        ["हिन्दी"], ["한국"], ["대한민국"], ["🇨🇭"], ["♠"], ["♥"],
        ["🂡"], ["рф"], ["xn--p1ai"], ["xn--fiqs8s"], ["zettlmeißl.de"], ["xn--90amdjbi3c0ec.xn--p1ai"],
        ["fox"], ["zurich"], ["Zürich"], ["cafe"], ["são"], ["españa"],
        ["españ"], ["strasse"], ["straße"], ["price:0"], ["price>100000"], ["price<1"],
        ["price:1..100"], ["rating>=4.5"], ["rating:4.5"], ["currency:usd"], ["currency:EUR"], ["kind:country"],
        ["kind:domain status:taken"], ["status:available"], ["language:th"], ["language:fr"], ["alpha_2:CH"],
        ["numeric:756"],
        ["utc_offset:+12"], ["utc_offset:-05:00"], ["suit:hearts"], ["rank:10"], ["public_suffix:icann"],
        ["hsts_preloaded:true"],
        ["price:*"], ["rating:*"], ["year>2015"], ["horsepower>500"], ["country:JP"], ["price>16777216"],
        ["price>1"], ["king kong"], ["united states"], ["new zealand"], ["south africa"], ["aston martin"],
        ["queen of hearts"], ["republic of"], ["saint vincent"], ["\"of spades\""], ["coffee -house"],
        ["the suit:hearts"],
        ["island kind:country"], ["a"], ["de"], ["x"], ["q"], ["z"],
        ["1940"], ["2048"], ["756"], ["https://www.zettlmeißl.de/path"], ["www.google.com"], ["haven"],
        ["demons"],
        ["--sort", "price"],
        ["--sort", "-price"],
        ["--sort", "name"],
        ["--sort", "-name"],
        ["car", "--sort", "-horsepower"],
        ["queen", "--sort", "name"],
        ["--sort", "year"],
        ["game", "--sort", "-rating"],
        ["-n", "5", "--offset", "10", "coffee"],
        ["--offset", "30", "de"],
        ["--offset", "100", "-n", "10"],
        ["a", "--offset", "50"],
        ["--fuzzy", "qen"],
        ["--fuzzy", "cfe"],
        ["--kind", "product", "coffee"],
        ["--kind", "country", "island"],
        // The forms people type words in, and typos of a first letter.
        ["antigua & barbuda"], ["bosnia + herzegovina"], ["serbia n montenegro"], ["\"trinidad & tobago\""],
        ["han and bopomofo"], ["nited kingdom"], ["ustralia"], ["xermany"], ["eswitzerland"],
        // Kinds left out.
        ["--", "queen", "-kind:card"], ["--", "island", "-kind:country"], ["--", "-kind:domain", "de"],
    ]

    /// The queries whose top 20 differ, and why.
    static let knownDifferences: [String: String] = [
        "中国": "identical records (the domain 中国 in domains.jsonl and world.jsonl) are held once, at the later place",
        "国": "identical records (the domain 中国 in domains.jsonl and world.jsonl) are held once, at the later place",
        "xn--fiqs8s":
            "identical records (the domain 中国 in domains.jsonl and world.jsonl) are held once, at the later place",
        "public_suffix:icann":
            "identical records (the domains ac, ac.cy, ac.uk … in domains.jsonl and world.jsonl) are held once, "
            + "at the later place",
    ]

    /// Each result's kind, name, source and score, in order.
    static func results(_ output: String) -> [String] {
        output.split(separator: "\n").compactMap { line -> String? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else {
                return nil
            }
            return
                "\(object["kind"] ?? "?")/\(object["name"] ?? "?")@\(object["source"] ?? "?") \(object["score"] ?? "?")"
        }
    }

    @Test func theTop20OfEveryQueryClassAgreeWithTheFiles() throws {
        let cluster = try ClusterFixture()
        defer { cluster.stop() }
        let kinds = ["--kinds", "Examples/kinds"]
        let pushed = try BinaryRunner.run(["--push", cluster.url] + Self.files.flatMap { ["--data", $0] } + kinds)
        #expect(pushed.status == 0, "\(pushed.stderr)")
        var agreed = 0
        var differing: [String] = []
        for arguments in Self.queries {
            // The query last: after `--`, every argument is a word of it.
            let common = kinds + ["--format", "jsonl", "-n", "20"]
            let remote = try BinaryRunner.run(common + ["--source", cluster.url] + arguments)
            let local = try BinaryRunner.run(common + Self.files.flatMap { ["--data", $0] } + arguments)
            #expect(remote.status == local.status, "\(arguments): \(remote.stderr)")
            #expect(!remote.stderr.contains("error:"), "\(arguments): \(remote.stderr)")
            if Self.results(remote.stdout) == Self.results(local.stdout) {
                agreed += 1
            } else {
                differing.append(arguments.joined(separator: " "))
            }
        }
        print("cluster agreement: \(agreed) of \(Self.queries.count) queries agree; differ: \(differing)")
        #expect(Self.queries.count >= 200)
        #expect(Double(agreed) >= 0.95 * Double(Self.queries.count), "\(agreed) of \(Self.queries.count)")
        let unexplained = differing.filter { Self.knownDifferences[$0] == nil }
        #expect(unexplained.isEmpty, "unexplained differences: \(unexplained)")
    }
}
