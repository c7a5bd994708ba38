/// The public suffixes of host names (`com`, `co.uk`, `github.io`): the part
/// under which anyone may register a name, from the Public Suffix List.
///
/// A host's *registrable* part is its public suffix and the one label before
/// it (`queencreek.com`, `bbc.co.uk`): what tells one site from another. A
/// table that must cut a host keeps its suffix, so that `queencre….com` and
/// `queencre….gov` never read alike.
///
/// The list's rules, as the list defines them: a rule names a suffix
/// (`co.uk`), `*` stands for any one label (`*.ck`), and `!` marks an
/// exception to a `*` rule (`!www.ck`, under which `www.ck` is registrable);
/// the longest rule that matches wins, an exception over all, and a host no
/// rule matches has its last label as its suffix (the list's `*` rule).
package enum PublicSuffixList {
    /// The rules by kind, read from ``rules`` the first time they are needed.
    private struct Rules: Sendable {
        var suffixes: Set<String> = []
        /// The labels after `*.` of each wildcard rule.
        var wildcards: Set<String> = []
        /// The labels after `!` of each exception rule.
        var exceptions: Set<String> = []

        init() {
            let text = PublicSuffixList.rules.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
            for line in text.split(separator: "\n") {
                let rule = line.drop { $0 == " " }
                if rule.hasPrefix("!") {
                    exceptions.insert(String(rule.dropFirst()))
                } else if rule.hasPrefix("*.") {
                    wildcards.insert(String(rule.dropFirst(2)))
                } else if !rule.isEmpty {
                    suffixes.insert(String(rule))
                }
            }
        }
    }

    private static let parsed = Rules()

    /// How many labels at the end of `host` are its public suffix, or `nil`
    /// when `host` is not a host name of at least two labels whose last label
    /// is a top-level domain the list names.
    ///
    /// A host name here is dot-separated labels of letters, digits and
    /// hyphens (letters of any script, and emoji; `xn--` labels are read as
    /// the Unicode they spell), with no empty label: `fltk1.1-games` and `Mr. Smith` are
    /// not hosts.
    /// - Parameter host: A name as a table shows it, such as `queencreek.com`.
    package static func suffixLabelCount(ofHost host: String) -> Int? {
        guard host.utf8.count <= 253, host.utf8.contains(UInt8(ascii: ".")) else { return nil }
        var lowered = host.lowercased()
        if lowered.contains("xn--"), let unicode = IDNA.toUnicode(lowered) { lowered = unicode }
        let labels = lowered.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2 else { return nil }
        for label in labels {
            guard !label.isEmpty, label.first != "-", label.last != "-", label.allSatisfy(Self.mayStandInALabel)
            else { return nil }
        }
        let rules = parsed
        guard let top = labels.last, rules.suffixes.contains(String(top)) || rules.wildcards.contains(String(top))
        else { return nil }
        // From the longest candidate down: the first that a rule names is the longest match.
        for count in stride(from: labels.count, through: 1, by: -1) {
            let candidate = labels.suffix(count).joined(separator: ".")
            if rules.exceptions.contains(candidate) { return count - 1 }
            if rules.suffixes.contains(candidate) { return count }
            if count > 1, rules.wildcards.contains(labels.suffix(count - 1).joined(separator: ".")) {
                return count
            }
        }
        return 1
    }

    /// Whether `character` may stand in a label: a hyphen, a letter or digit
    /// of any script, or any other character outside ASCII that is no space
    /// (registries such as `.ws` take emoji: `🦊🐾.ws`).
    private static func mayStandInALabel(_ character: Character) -> Bool {
        character == "-" || character.isLetter || character.isNumber
            || (!character.isASCII && !character.isWhitespace && !character.isPunctuation)
    }

    /// How many characters at the end of `host` are its public suffix with
    /// the dot before it (`.com` is 4, `.co.uk` 6), or `nil` when `host` is
    /// not a host name (see ``suffixLabelCount(ofHost:)``) or is all suffix.
    /// - Parameter host: A name as a table shows it.
    package static func suffixLength(ofHost host: String) -> Int? {
        guard let count = suffixLabelCount(ofHost: host) else { return nil }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard count < labels.count else { return nil }
        return labels.suffix(count).reduce(0) { $0 + $1.count + 1 }
    }
}
