import TextMatching

/// Parses the query language:
///
/// - words are ANDed; `"a quoted phrase"` matches its words together;
/// - `-word` excludes;
/// - `field:value` matches one field, `field:*` tests that it exists;
/// - `price<5`, `rating>=4`, `price:1..10` compare numbers;
/// - `kind:product` keeps one kind, `-kind:product` leaves it out;
/// - a pasted URL or host (`https://www.example.com/page`) is the host it names (`example.com`);
/// - words match the other forms people type them in (TextMatching's
///   `MatchPattern.withForms(betweenWords:withOtherWords:)`):
///   `and`, `&`, `+`, `'n'` for one another between words, `2` for `II` among other words, `½` for `1/2`.
public struct QueryParser: Sendable {
    public init() {}

    /// Parses `text`.
    /// - Throws: ``QuerySyntaxError`` with the 1-based character position.
    public func parse(_ text: String) throws(QuerySyntaxError) -> Query {
        var scanner = Scanner(Array(text))
        var conditions: [Query.Condition] = []
        var kinds: [String] = []
        var excludedKinds: [String] = []
        while true {
            scanner.skipSpaces()
            guard !scanner.atEnd else { break }
            let start = scanner.position
            var negated = false
            if scanner.peek == "-", scanner.position + 1 < scanner.characters.count,
                scanner.characters[scanner.position + 1] != " "
            {
                negated = true
                scanner.position += 1
            }
            if scanner.peek == "\"" {
                let phrase = try scanner.quoted()
                if !phrase.isEmpty {
                    conditions.append(
                        Query.Condition(clause: .text(MatchPattern(phrase), raw: phrase), negated: negated))
                }
                continue
            }
            let word = scanner.word()
            // A pasted URL or host is the host it names, never a `field:` filter.
            if let host = HostName.host(inQueryWord: word) {
                conditions.append(Query.Condition(clause: .text(Self.pattern(host), raw: host), negated: negated))
                continue
            }
            if let clause = try Self.fieldClause(word, at: start + (negated ? 1 : 0), scanner: &scanner) {
                if case .fieldText(let field, _, let raw) = clause, field.lowercased() == "kind" {
                    if negated {
                        excludedKinds.append(raw.lowercased())
                    } else {
                        kinds.append(raw.lowercased())
                    }
                    continue
                }
                conditions.append(Query.Condition(clause: clause, negated: negated))
            } else if !word.isEmpty {
                conditions.append(Query.Condition(clause: .text(Self.pattern(word), raw: word), negated: negated))
            }
        }
        return Query(text: text, conditions: Self.withForms(conditions), kinds: kinds, excludedKinds: excludedKinds)
    }

    /// The conditions, each word the query ranks by with the forms it has where it stands: a
    /// connector between two such words, a number or Roman numeral among others.
    private static func withForms(_ conditions: [Query.Condition]) -> [Query.Condition] {
        func ranksBy(_ index: Int) -> Bool {
            guard conditions.indices.contains(index), !conditions[index].negated,
                case .text = conditions[index].clause
            else { return false }
            return true
        }
        let words = conditions.indices.filter(ranksBy).count
        return conditions.enumerated().map { index, condition in
            guard ranksBy(index), case .text(let pattern, let raw) = condition.clause else { return condition }
            let formed = pattern.withForms(
                betweenWords: ranksBy(index - 1) && ranksBy(index + 1), withOtherWords: words > 1)
            return Query.Condition(clause: .text(formed, raw: raw), negated: false)
        }
    }

    /// The pattern of a query word; a host also matches in its other IDNA
    /// spelling (`xn--p1ai` finds `рф`, `рф` finds `xn--p1ai`).
    private static func pattern(_ word: String) -> MatchPattern {
        MatchPattern(word, alternatives: IDNA.otherSpelling(ofHost: word).map { [$0] } ?? [])
    }

    /// Reads `field:value`, `field:*`, `field:a..b` or `field<op>number` from a
    /// word, or returns nil when the word is plain text.
    private static func fieldClause(_ word: String, at start: Int, scanner: inout Scanner) throws(QuerySyntaxError)
        -> Query.Clause?
    {
        let characters = Array(word)
        guard let split = characters.firstIndex(where: { $0 == ":" || $0 == "<" || $0 == ">" || $0 == "=" }), split > 0
        else {
            return nil
        }
        let field = String(characters[..<split])
        guard field.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." || $0 == "/" })
        else {
            return nil
        }
        var rest = characters[split...]
        if rest.first == ":" {
            rest = rest.dropFirst()
            var value = String(rest)
            if value.isEmpty, scanner.peek == "\"" {
                value = try scanner.quoted()
                return .fieldText(field: field, MatchPattern(value), raw: value)
            }
            if value.isEmpty {
                throw QuerySyntaxError(
                    position: start + split + 2,
                    message: "expected a value after '\(field):'",
                    hint: "write \(field):VALUE, \(field):* or \(field):1..10"
                )
            }
            if value == "*" { return .exists(field: field) }
            let valueCharacters = Array(value)
            if let dots = valueCharacters.indices.dropLast().first(where: {
                valueCharacters[$0] == "." && valueCharacters[$0 + 1] == "."
            }) {
                let lower = String(valueCharacters[..<dots])
                let upper = String(valueCharacters[(dots + 2)...])
                let lowerNumber = lower.isEmpty ? nil : Double(lower)
                let upperNumber = upper.isEmpty ? nil : Double(upper)
                if (!lower.isEmpty && lowerNumber == nil) || (!upper.isEmpty && upperNumber == nil)
                    || (lower.isEmpty && upper.isEmpty)
                {
                    throw QuerySyntaxError(
                        position: start + split + 2,
                        message: "'\(value)' is not a numeric range",
                        hint: "write a range as \(field):1..10, \(field):5.. or \(field):..10"
                    )
                }
                return .range(field: field, lower: lowerNumber, upper: upperNumber)
            }
            return .fieldText(field: field, MatchPattern(value), raw: value)
        }
        // A comparison: <, <=, >, >=, =
        var operatorText = String(rest.prefix(1))
        rest = rest.dropFirst()
        if rest.first == "=" && operatorText != "=" {
            operatorText += "="
            rest = rest.dropFirst()
        }
        let numberPosition = start + characters.count - rest.count + 1
        let numberText = String(rest)
        guard let op = Query.ComparisonOperator(rawValue: operatorText) else {
            throw QuerySyntaxError(
                position: start + split + 1, message: "unknown operator '\(operatorText)'",
                hint: "use <, <=, >, >= or =")
        }
        if let first = rest.first, "<>=".contains(first) {
            throw QuerySyntaxError(
                position: numberPosition,
                message: "unexpected '\(first)' after '\(field)\(operatorText)'",
                hint: "write one operator, as in \(field)<5 or \(field)>=4"
            )
        }
        guard let number = Double(numberText), number.isFinite else {
            throw QuerySyntaxError(
                position: numberPosition,
                message: numberText.isEmpty
                    ? "expected a number after '\(field)\(operatorText)'" : "'\(numberText)' is not a number",
                hint: "compare with a number, as in \(field)\(operatorText)5"
            )
        }
        return .compare(field: field, op, number)
    }

    /// A cursor over the query's characters.
    private struct Scanner {
        let characters: [Character]
        var position = 0

        init(_ characters: [Character]) {
            self.characters = characters
        }

        var atEnd: Bool { position >= characters.count }
        var peek: Character? { atEnd ? nil : characters[position] }

        mutating func skipSpaces() {
            while let c = peek, c.isWhitespace { position += 1 }
        }

        /// The characters up to the next space; a quote inside a word (as in
        /// `name:"two words"`) ends the word so the caller can read it.
        mutating func word() -> String {
            let start = position
            while let c = peek, !c.isWhitespace {
                if c == "\"" && position > start && characters[position - 1] == ":" { break }
                position += 1
            }
            return String(characters[start..<position])
        }

        /// A `"quoted phrase"`, without its quotes; `\"` inside is a quote.
        mutating func quoted() throws(QuerySyntaxError) -> String {
            let open = position
            position += 1
            var text = ""
            while let c = peek {
                position += 1
                if c == "\\", let next = peek, next == "\"" {
                    text.append(next)
                    position += 1
                } else if c == "\"" {
                    return text
                } else {
                    text.append(c)
                }
            }
            throw QuerySyntaxError(position: open + 1, message: "unterminated quote", hint: "close the phrase with \"")
        }
    }
}

/// A mistake in a query, with where it is and how to fix it.
public struct QuerySyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The 1-based character position of the mistake.
    public var position: Int
    public var message: String
    public var hint: String

    public init(position: Int, message: String, hint: String) {
        self.position = position
        self.message = message
        self.hint = hint
    }

    public var description: String { "query position \(position): \(message)" }
}
