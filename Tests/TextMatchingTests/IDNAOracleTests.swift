import Foundation
import Testing
import TextMatching

/// Checks ``IDNA`` (our own Punycode and mapping) against the answers of Python's `idna` package,
/// recorded by `scripts/idna/check-idna.sh` in `__Snapshots__/IDNAOracleTests/oracle.txt`: the
/// other spelling of each host of `scripts/idna/hosts.txt` (real hosts of the bundled sample and
/// hosts in many scripts).
@Suite struct IDNAOracleTests {
    static let oracle = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("__Snapshots__/IDNAOracleTests/oracle.txt")

    @Test func agreesWithPythonsIdnaPackage() throws {
        let text = try String(contentsOf: Self.oracle, encoding: .utf8)
        var checked = 0
        var disagreements: [String] = []
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let parts = line.split(separator: "\t").map(String.init)
            try #require(parts.count == 2, "\(line)")
            let (host, expected) = (parts[0], parts[1])
            guard expected != "!" else { continue }
            let ours =
                host.split(separator: ".").contains { $0.lowercased().hasPrefix("xn--") }
                ? IDNA.toUnicode(host) : IDNA.toASCII(host)
            checked += 1
            if ours != expected { disagreements.append("\(host): ours \(ours ?? "nil"), idna \(expected)") }
        }
        #expect(checked >= 40)
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "; "))")
    }

    @Test func aHostsOtherSpellingIsTheQuerysAlternative() {
        #expect(IDNA.otherSpelling(ofHost: "xn--90amdjbi3c0ec.xn--p1ai") == "люблюзиму.рф")
        #expect(IDNA.otherSpelling(ofHost: "zettlmeißl.de") == "xn--zettlmeil-n1a.de")
        #expect(IDNA.otherSpelling(ofHost: "example.com") == nil)
        #expect(IDNA.otherSpelling(ofHost: "queen") == nil)
        #expect(IDNA.otherSpelling(ofHost: "xn--fiqs8s") == "中国")
        #expect(IDNA.otherSpelling(ofHost: "中国") == nil)  // one label: a word, not surely a host
        #expect(IDNA.otherSpelling(ofHost: "xn--zz.de") == nil)  // not valid Punycode
        let matcher = TextMatcher()
        let pattern = MatchPattern("zettlmeißl.de", alternatives: ["xn--zettlmeil-n1a.de"])
        #expect(matcher.match(pattern, in: "xn--zettlmeil-n1a.de")?.tier == .exact)
        // A line that any spelling matches passes the prefilter (`ß` folds to ASCII `ss`).
        let fragments = pattern.requiredFragments() ?? []
        #expect(fragments.contains { $0.starts(with: Array("xn--".utf8)) })
        let both = MatchPattern("garden", alternatives: ["jardin"]).requiredFragments() ?? []
        #expect(both.contains(Array("gar".utf8)) && both.contains(Array("jar".utf8)))
    }
}
