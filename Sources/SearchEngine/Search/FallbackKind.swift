package import ResultKit
import StreamingJSON
import TerminalTable

extension ResultKind {
    /// The kind that shows records whose kind no module or spec knows, so that
    /// they are shown, never dropped.
    ///
    /// NAME comes from `name`, `title` or `id`; the details are the record's
    /// other scalar fields as `key=value`.
    package static func fallback(named name: String) -> ResultKind {
        ResultKind(
            name: name,
            plural: name,
            columns: [KindColumn("FIELDS", field: "*", priority: -1)],
            searchFields: [
                // A guessed identity counts a little less than a declared one: a
                // match as good in a known kind's name ranks first.
                SearchField("name", weight: 90) { FallbackRow.identity(of: $0) },
                SearchField("fields", weight: 10) { FallbackRow.otherFields(of: $0) },
            ],
            fields: [],
            origin: "fallback for unknown kinds",
            makeRow: { object in FallbackRow(object: object) },
            // Every object makes a row: there is nothing to check.
            validate: { _ in }
        )
    }
}

/// The view model of a record of an unknown kind.
struct FallbackRow: CellRepresentable {
    static let identityKeys = ["name", "title", "id"]

    let name: String
    let details: String
    /// The details cell, made once: rows are made only for records that match.
    let detailCells: [Cell]

    init(object: JSONObject) {
        self.name = Self.identity(of: object) ?? "(unnamed)"
        self.details = Self.otherFields(of: object) ?? ""
        let cell = Cell(details, style: .dim)
        self.detailCells = [cell]
    }

    static func identity(of object: JSONObject) -> String? {
        for key in identityKeys {
            if let text = object[key]?.scalarText, !text.isEmpty { return text }
        }
        return nil
    }

    static func otherFields(of object: JSONObject) -> String? {
        let identityKey = identityKeys.first { object[$0]?.scalarText?.isEmpty == false }
        let members = object.members
        return members.count <= 16
            ? otherFields(comparing: members, identityKey: identityKey)
            : otherFields(hashing: members, identityKey: identityKey)
    }

    /// `key=value` for each key once, in the order keys first appear, with
    /// the value of its last member, leaving out `kind` and `identityKey`;
    /// written into one string. Each key's last member is found once, so
    /// that a record of many keys costs time in proportion to them.
    static func otherFields(hashing members: [JSONObject.Member], identityKey: String?) -> String? {
        var lastIndex: [String: Int] = [:]
        lastIndex.reserveCapacity(members.count)
        for index in members.indices { lastIndex[members[index].key] = index }
        var text = ""
        for member in members {
            // Taken out at the key's first member: later ones are passed over.
            guard let last = lastIndex.removeValue(forKey: member.key), member.key != "kind",
                member.key != identityKey, let value = members[last].value.scalarText
            else { continue }
            if !text.isEmpty { text += " " }
            text += member.key
            text += "="
            text += value
        }
        return text.isEmpty ? nil : text
    }

    /// ``otherFields(hashing:identityKey:)`` for a record of few members:
    /// each key's first and last members are found by comparing keys, which
    /// for a handful costs less than hashing each.
    static func otherFields(comparing members: [JSONObject.Member], identityKey: String?) -> String? {
        var text = ""
        for index in members.indices {
            let key = members[index].key
            guard key != "kind", key != identityKey, !members[..<index].contains(where: { $0.key == key }) else {
                continue
            }
            let last = members[(index + 1)...].lastIndex { $0.key == key } ?? index
            guard let value = members[last].value.scalarText else { continue }
            if !text.isEmpty { text += " " }
            text += key
            text += "="
            text += value
        }
        return text.isEmpty ? nil : text
    }
}
