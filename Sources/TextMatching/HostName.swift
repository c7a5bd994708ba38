/// Reads a query word that a user pasted from a browser or a link (`https://www.tatler.com/news`,
/// `www.tatler.com`, `tatler.com.`) as the host it names, since records name hosts bare.
public enum HostName {
    /// The host that `word` names when it looks like a URL or a host name, with the scheme, user,
    /// `www.`, port, path, query, fragment and trailing dot removed; nil when it is not one.
    ///
    /// A word is a URL when it has a scheme (`https://`), and a host when it starts with `www.`,
    /// or when it is dotted labels ending in a top-level domain of letters followed by a trailing
    /// dot, a path, a query or a fragment (`tatler.com/news`). A bare host with nothing to strip
    /// gives nil: it is searched as the word it is. `price:5` and `name:x.com` are never hosts.
    /// - Parameter word: One query word, as typed.
    /// - Returns: The host, or nil.
    public static func host(inQueryWord word: String) -> String? {
        var rest = Substring(word)
        var hasScheme = false
        if let separator = rest.firstRange(of: "://") {
            let scheme = rest[..<separator.lowerBound]
            guard let first = scheme.first, first.isASCII, first.isLetter,
                scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
            else { return nil }
            rest = rest[separator.upperBound...]
            hasScheme = true
        }
        // The authority ends at a path, a query or a fragment.
        let authorityEnd = rest.firstIndex(where: { "/?#".contains($0) }) ?? rest.endIndex
        let hasTail = authorityEnd < rest.endIndex
        var host = rest[..<authorityEnd]
        if hasScheme, let at = host.lastIndex(of: "@") { host = host[host.index(after: at)...] }
        var hasPort = false
        if let colon = host.lastIndex(of: ":") {
            let port = host[host.index(after: colon)...]
            guard port.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            host = host[..<colon]
            hasPort = true
        }
        let hasWWW = host.count > 4 && host.prefix(4).lowercased() == "www."
        if hasWWW { host = host.dropFirst(4) }
        let hasTrailingDot = host.last == "."
        if hasTrailingDot { host = host.dropLast() }
        // After a scheme the host may be one label: `http://xn--fiqs8s/` is the top-level domain 中国.
        guard isHostName(host, singleLabel: hasScheme) else { return nil }
        // Without a scheme or `www.`, a port needs a path after it: `rating.value:5` is a filter.
        if !hasScheme && !hasWWW {
            guard hasTail || hasTrailingDot, !hasPort || hasTail else { return nil }
        }
        return String(host)
    }

    /// Whether `text` is dotted labels of letters, digits and hyphens ending in a top-level domain
    /// of at least two letters (or an `xn--` label); with `singleLabel`, one such label will do.
    private static func isHostName(_ text: Substring, singleLabel: Bool = false) -> Bool {
        let labels = text.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= (singleLabel ? 1 : 2), let last = labels.last else { return false }
        for label in labels {
            guard !label.isEmpty, label.count <= 63, label.first != "-", label.last != "-",
                label.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" })
            else { return false }
        }
        return last.lowercased().hasPrefix("xn--") || (last.count >= 2 && last.allSatisfy(\.isLetter))
    }
}
