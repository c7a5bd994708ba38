import Foundation
import Testing
import TextMatching

/// The public suffix of a host, by the list's rules: the longest rule wins,
/// `*` stands for one label, `!` makes an exception, and an unknown label
/// under a known top-level domain is its own suffix.
@Suite struct PublicSuffixListTests {
    @Test(arguments: [
        ("queencreekcounseling.com", 1, 4),
        ("bbc.co.uk", 2, 6),
        ("www.bbc.co.uk", 2, 6),
        ("queencreekaz.gov", 1, 4),
        ("user.github.io", 2, 10),  // a private rule: github.io
        ("example.com.au", 2, 7),
        ("foo.bar.ck", 2, 7),  // *.ck: every label under ck is a suffix
        ("www.ck", 1, 3),  // !www.ck: the exception to it
        ("a.b.kawasaki.jp", 3, 14),  // *.kawasaki.jp
        ("city.kawasaki.jp", 2, 12),  // !city.kawasaki.jp
        ("QueenCDN.COM", 1, 4),  // case does not matter
        ("zettlmeißl.de", 1, 3),
        ("例え.jp", 1, 3),
        ("xn--r8jz45g.jp", 1, 3),  // 例え.jp in Punycode
        ("shop.公司.cn", 2, 6),  // a rule in Unicode
        ("🦊🐾.ws", 1, 3),  // emoji, as .ws registers them
        ("queen👨‍👩‍👧club.github.io", 2, 10),
    ])
    func aHostHasTheSuffixTheLongestRuleGives(host: String, labels: Int, characters: Int) {
        #expect(PublicSuffixList.suffixLabelCount(ofHost: host) == labels, "\(host)")
        #expect(PublicSuffixList.suffixLength(ofHost: host) == characters, "\(host)")
    }

    @Test(arguments: [
        "fltk1.1-games",  // the last label is no top-level domain
        "Mr. Smith",  // a space
        "notes.txt",  // txt is no top-level domain
        "a..com",  // an empty label
        "-a.com",  // a label starting with a hyphen
        "com",  // one label
        "Queen of Hearts",
        "",
    ])
    func whatIsNoHostHasNoSuffix(text: String) {
        #expect(PublicSuffixList.suffixLabelCount(ofHost: text) == nil, "\(text)")
        #expect(PublicSuffixList.suffixLength(ofHost: text) == nil, "\(text)")
    }

    /// A host that is all suffix (`co.uk`) has none to keep apart from a name.
    @Test func aHostThatIsAllSuffixHasNoLengthToKeep() {
        #expect(PublicSuffixList.suffixLabelCount(ofHost: "co.uk") == 2)
        #expect(PublicSuffixList.suffixLength(ofHost: "co.uk") == nil)
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let list = "/usr/share/publicsuffix/public_suffix_list.dat"

    /// The rules compiled in are the list's, as the generator writes them
    /// from Debian's `publicsuffix` package, where it is installed.
    @Test(
        .enabled(
            if: FileManager.default.fileExists(atPath: list),
            "no /usr/share/publicsuffix (apt-get install publicsuffix): cannot check the bundled rules"))
    func theBundledRulesAreTheListsRules() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("psl-\(UUID().uuidString).swift")
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", Self.root.appendingPathComponent("scripts/publicsuffix/generate.py").path, "--list", Self.list,
            "--output", output.path,
        ]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let fresh = try String(contentsOf: output, encoding: .utf8)
        let committed = try String(
            contentsOf: Self.root.appendingPathComponent("Sources/TextMatching/PublicSuffixList+Rules.swift"),
            encoding: .utf8)
        #expect(
            fresh == committed,
            "PublicSuffixList+Rules.swift is stale: python3 scripts/publicsuffix/generate.py")
    }
}
