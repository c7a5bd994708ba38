/// Where a cluster answers: `sphinxql://HOST:PORT/INDEX`, the SphinxQL
/// (MySQL protocol) listener of a `searchd` and the index to search.
package struct ClusterURL: Sendable, Equatable, CustomStringConvertible {
    package var host: String
    package var port: Int
    package var index: String

    /// The URL's scheme.
    package static let scheme = "sphinxql://"

    /// Whether `text` names a cluster rather than a file.
    package static func looksLikeCluster(_ text: String) -> Bool {
        text.lowercased().hasPrefix(scheme)
    }

    /// Parses `sphinxql://HOST:PORT/INDEX`; a host may be `[::1]`.
    ///
    /// A URL with a user or password (`sphinxql://alice:secret@host:9306/items`)
    /// is refused without repeating it: `searchd` checks none, and a password
    /// on a command line is visible to every user of the machine.
    /// - Throws: a sentence saying what is wrong.
    package init(parsing text: String) throws(ClusterError) {
        guard Self.looksLikeCluster(text) else {
            throw .badURL("'\(text)' is not a cluster URL; write sphinxql://HOST:PORT/INDEX")
        }
        let rest = text.dropFirst(Self.scheme.count)
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        if rest[..<authorityEnd].contains("@") {
            throw .credentials(
                "a cluster URL takes no user or password (searchd checks none); "
                    + "write sphinxql://HOST:PORT/INDEX and keep the cluster on a private network")
        }
        guard let slash = rest.firstIndex(of: "/") else {
            throw .badURL("'\(text)' names no index; write sphinxql://HOST:PORT/INDEX")
        }
        let authority = rest[..<slash]
        let index = String(rest[rest.index(after: slash)...])
        guard !index.isEmpty, index.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) else {
            throw .badURL("'\(text)': the index name must be letters, digits and _")
        }
        let host: Substring
        let portText: Substring
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            host = authority[authority.index(after: authority.startIndex)..<close]
            portText = authority[authority.index(after: close)...].drop { $0 == ":" }
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            portText = authority[authority.index(after: colon)...]
        } else {
            throw .badURL("'\(text)' names no port; write sphinxql://HOST:PORT/INDEX")
        }
        guard !host.isEmpty else { throw .badURL("'\(text)' names no host") }
        guard host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || ".-:_%".contains($0)) }) else {
            throw .badURL("'\(text)': '\(host)' is not a host name or address")
        }
        guard let port = Int(portText), (1...65535).contains(port) else {
            throw .badURL("'\(text)': '\(portText)' is not a port number")
        }
        self.host = String(host)
        self.port = port
        self.index = index
    }

    package var description: String {
        "\(Self.scheme)\(host.contains(":") ? "[\(host)]" : host):\(port)/\(index)"
    }
}

/// Why the cluster could not be used.
package enum ClusterError: Error, Sendable, Equatable, CustomStringConvertible {
    case badURL(String)
    /// The URL holds a user or password; the message does not repeat it.
    case credentials(String)
    case unreachable(String)
    case refused(String)

    package var description: String {
        switch self {
        case .badURL(let text), .credentials(let text), .unreachable(let text), .refused(let text): text
        }
    }
}
