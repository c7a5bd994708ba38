public import StreamingJSON

/// A text with placeholders filled from a record, such as `{rank} of {suit}`.
///
/// A placeholder is a top-level field name (`{rank}`) or a JSON Pointer
/// (`{/capital/name}`, `{/authors/*/name}`), optionally followed by `|` and
/// the text to write when the record has no value there (`{year|n.d.}`).
/// An array of values is joined with `, `, as columns join it. `{{` and
/// `}}` stand for literal braces.
public struct NameTemplate: Sendable, CustomStringConvertible {
    /// One piece of a template.
    public enum Part: Sendable, Equatable {
        /// Text copied as it is.
        case text(String)
        /// A value read from the record; `label` is the placeholder's field
        /// as written, `missing` the text for a record without the value.
        case field(JSONPointer, label: String, missing: String)
    }

    /// The most characters a template may have.
    public static let maxLength = 1_000

    /// The pieces, in order.
    public let parts: [Part]

    /// The top-level record fields the placeholders read; `nil` when one
    /// reads the whole record (the pointer `{}`).
    public var topLevelKeys: [String]? {
        var keys: [String] = []
        for case .field(let pointer, _, _) in parts {
            guard let key = pointer.tokens.first, key != JSONPointer.wildcard else { return nil }
            if !keys.contains(key) { keys.append(key) }
        }
        return keys
    }

    /// The template as written.
    public let description: String

    /// Parses a template.
    /// - Parameter text: The template, such as `{rank} of {suit}`.
    /// - Throws: ``NameTemplate/SyntaxError`` with a reason that quotes the
    ///   character where the problem is.
    public init(parsing text: String) throws(SyntaxError) {
        guard text.count <= Self.maxLength else {
            throw SyntaxError(reason: "longer than \(Self.maxLength) characters")
        }
        var parts: [Part] = []
        var literal = ""
        var placeholder: String?
        var placeholderStart = 0
        var characters = Array(text)[...]
        var position = 0
        while let character = characters.popFirst() {
            position += 1
            if var inside = placeholder {
                if character == "}" {
                    guard !inside.isEmpty else {
                        throw SyntaxError(reason: "empty placeholder \"{}\" at character \(placeholderStart)")
                    }
                    parts.append(try Self.field(inside))
                    placeholder = nil
                } else if character == "{" {
                    throw SyntaxError(reason: "\"{\" inside a placeholder at character \(position)")
                } else {
                    inside.append(character)
                    placeholder = inside
                }
            } else if character == "{" {
                if characters.first == "{" {
                    characters.removeFirst()
                    position += 1
                    literal.append("{")
                } else {
                    if !literal.isEmpty { parts.append(.text(literal)) }
                    literal = ""
                    placeholder = ""
                    placeholderStart = position
                }
            } else if character == "}" {
                guard characters.first == "}" else {
                    throw SyntaxError(reason: "\"}\" without \"{\" at character \(position); write \"}}\" for a brace")
                }
                characters.removeFirst()
                position += 1
                literal.append("}")
            } else {
                literal.append(character)
            }
        }
        if placeholder != nil {
            throw SyntaxError(reason: "\"{\" at character \(placeholderStart) is never closed")
        }
        if !literal.isEmpty { parts.append(.text(literal)) }
        guard parts.contains(where: { if case .field = $0 { true } else { false } }) else {
            throw SyntaxError(reason: "\"\(text)\" has no placeholder such as {name}")
        }
        self.parts = parts
        self.description = text
    }

    private static func field(_ inside: String) throws(SyntaxError) -> Part {
        let (field, missing) =
            inside.firstIndex(of: "|").map { (String(inside[..<$0]), String(inside[inside.index(after: $0)...])) }
            ?? (inside, "")
        guard !field.isEmpty else { throw SyntaxError(reason: "placeholder {\(inside)} names no field before \"|\"") }
        guard field.hasPrefix("/") else { return .field(JSONPointer(field: field), label: field, missing: missing) }
        do {
            return .field(try JSONPointer(parsing: field), label: field, missing: missing)
        } catch {
            throw SyntaxError(reason: "placeholder {\(inside)}: \(error.reason)")
        }
    }

    /// The fields the template reads, as written in its placeholders.
    public var fieldLabels: [String] {
        parts.compactMap { if case .field(_, let label, _) = $0 { label } else { nil } }
    }

    /// The most UTF-8 bytes of text a filled template keeps: past them it
    /// ends with `…`, so that its cost is bounded by this, not by the
    /// template's placeholders times the length of the values they read.
    public static let maxOutputBytes = 4096

    /// The template filled from `object`, cut with `…` past
    /// ``maxOutputBytes``. A placeholder with no value there (absent,
    /// null, blank, or an object) gives its missing text, or nothing; one
    /// that meets an array gives its values joined with `, `.
    public func render(_ object: JSONObject) -> String {
        fill(object).text
    }

    /// The template filled from `object`, and whether any placeholder had a value.
    func fill(_ object: JSONObject) -> (text: String, anyValue: Bool) {
        var out = ""
        var isCut = false
        var anyValue = false
        for part in parts {
            let text: String
            switch part {
            case .text(let literal):
                text = literal
            case .field(let pointer, _, let missing):
                if let value = SpecValue.text(at: pointer, in: object) {
                    text = value
                    anyValue = true
                } else {
                    text = missing
                }
            }
            if !isCut { isCut = !Self.append(text, to: &out) }
        }
        return (isCut ? out + "…" : out, anyValue)
    }

    /// Appends `text` to `out` while `out` stays within ``maxOutputBytes``,
    /// cut between scalars (a character of a million combining marks is no
    /// longer to cut than any other); returns whether all of it fitted.
    private static func append(_ text: String, to out: inout String) -> Bool {
        let room = maxOutputBytes - out.utf8.count
        if text.utf8.count <= room {
            out += text
            return true
        }
        var used = 0
        for scalar in text.unicodeScalars {
            let size = UTF8.width(scalar)
            guard used + size <= room else { break }
            out.unicodeScalars.append(scalar)
            used += size
        }
        return false
    }

    /// The template filled from `object`, or `nil` when no placeholder has
    /// a value there: a search field has no text then.
    func renderIfPossible(_ object: JSONObject) -> String? {
        let filled = fill(object)
        return filled.anyValue ? filled.text : nil
    }

    /// Why a text is not a valid template.
    public struct SyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
        /// What is wrong, and where.
        public var reason: String

        /// Creates an error with `reason`.
        public init(reason: String) {
            self.reason = reason
        }

        /// The reason.
        public var description: String { reason }
    }
}
