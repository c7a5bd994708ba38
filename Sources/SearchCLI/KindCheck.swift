import ResultKit
import TerminalTable
import TextMatching

/// Checks that the kinds named by `--kind` and `kind:` exist: registered, or
/// given by some record read. An unknown one is an error rather than a
/// search that silently finds nothing.
enum KindCheck {
    /// The most kinds listed in the message; the data may name many.
    static let maxListed = 20

    /// An error message for the first unknown kind named, or nil.
    /// - Parameters:
    ///   - named: The kinds named, `--kind` values first.
    ///   - registry: The registered kinds.
    ///   - seen: The kinds that records gave and no registered kind has.
    ///   - glued: `--kind` values glued to `-k`, with the argument as typed.
    ///   - query: The query with the glued arguments, in command-line order.
    static func unknownKind(
        named: [String],
        registry: KindRegistry,
        seen: some Collection<String>,
        glued: [String: String],
        query: [String]
    ) -> String? {
        guard named.contains(where: { registry.kind(named: $0) == nil }) else { return nil }
        let seenKeys = Set(seen.map { $0.lowercased() })
        guard
            let unknown = named.first(where: { registry.kind(named: $0) == nil && !seenKeys.contains($0.lowercased()) })
        else { return nil }
        let registered = registry.kinds.map(\.name)
        let inData = seen.sorted().filter { registry.kind(named: $0) == nil }
        let shown = TerminalText.sanitize(unknown)
        var message = "error: unknown kind '\(shown)'"
        if let argument = glued[unknown] {
            message += " (from '\(TerminalText.sanitize(argument))', read as '--kind \(shown)')"
        }
        message += "\n"
        if let suggestion = EditDistance.closest(to: unknown, in: registered + inData, maxDistance: 2).first {
            message += "hint: did you mean '\(TerminalText.sanitize(suggestion))'?\n"
        }
        message += "Known kinds: " + list(registered)
        if !inData.isEmpty { message += "; in the data: " + TerminalText.sanitize(list(inData)) }
        message += "\n"
        if let argument = glued[unknown] {
            message +=
                "hint: to exclude the word '\(TerminalText.sanitize(String(argument.dropFirst())))', put the query "
                + "after '--': search -- " + TerminalText.sanitize(query.map(shellQuoted).joined(separator: " ")) + "\n"
        }
        return message
    }

    /// `names` joined, at most ``maxListed`` of them.
    private static func list(_ names: [String]) -> String {
        guard !names.isEmpty else { return "none" }
        let shown = names.prefix(maxListed).joined(separator: ", ")
        return names.count > maxListed ? shown + " and \(names.count - maxListed) more" : shown
    }

    /// A word as a shell would need it typed.
    static func shellQuoted(_ word: String) -> String {
        let plain =
            !word.isEmpty
            && word.unicodeScalars.allSatisfy { scalar in
                scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                    || "-_.,:/=+@%".unicodeScalars.contains(scalar)
            }
        return plain
            ? word
            : "'" + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: #"'\''"#) + "'"
    }
}
