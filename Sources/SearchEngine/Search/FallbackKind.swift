import RawBytes
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
            validate: { _ in [] }
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
        // The identity is looked for once, for NAME and to leave out of the details.
        let identity = Self.identityMember(of: object)
        self.name = identity?.text ?? "(unnamed)"
        self.details = Self.otherFields(of: object, identityKey: identity?.key) ?? ""
        let cell = Cell(details, style: .dim)
        self.detailCells = [cell]
    }

    static func identity(of object: JSONObject) -> String? {
        identityMember(of: object)?.text
    }

    /// The first of ``identityKeys`` whose value is non-empty text, and that text.
    static func identityMember(of object: JSONObject) -> (key: String, text: String)? {
        for key in identityKeys {
            if let text = object[key]?.scalarText, !text.isEmpty { return (key, text) }
        }
        return nil
    }

    static func otherFields(of object: JSONObject) -> String? {
        otherFields(of: object, identityKey: identityMember(of: object)?.key)
    }

    static func otherFields(of object: JSONObject, identityKey: String?) -> String? {
        let members = object.members
        return members.count <= 16
            ? otherFieldsInOnePiece(members, identityKey: identityKey)
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

    /// ``otherFields(hashing:identityKey:)``, the same text, for a record
    /// of at most 16 members, as a record of an unknown kind has: keys that
    /// are short ASCII strings (most keys) are compared by their bits, any
    /// other as `String`s; the text's length is counted first and the text
    /// written once into a string of that length, rather than grown a piece
    /// at a time.
    static func otherFieldsInOnePiece(_ members: [JSONObject.Member], identityKey: String?) -> String? {
        let count = members.count
        guard count > 0, count <= 16 else { return otherFields(hashing: members, identityKey: identityKey) }
        // Each key's words; (0, 0), which no short ASCII key has, for any other key.
        var words = InlineArray<16, (UInt64, UInt64)>(repeating: (0, 0))
        for index in 0..<count { words[index] = SmallASCIIKey(members[index].key)?.words ?? (0, 0) }
        let kindWords = SmallASCIIKey("kind")?.words ?? (0, 0)
        let identityWords = identityKey.flatMap { SmallASCIIKey($0)?.words } ?? (0, 0)
        // The member whose value each written key shows (its last), in
        // the order the keys first appear, four bits each, and the bytes
        // they make.
        var shown: (UInt64, UInt64) = (0, 0)
        var shownCount = 0
        var bytes = 0
        for index in 0..<count {
            let word = words[index]
            if word.1 != 0 {
                if word == kindWords || word == identityWords { continue }
            } else {
                let key = members[index].key
                if key == "kind" || key == identityKey { continue }
            }
            var earlier = false
            var last = index
            for other in 0..<count where other != index {
                let otherWord = words[other]
                let same =
                    word.1 != 0 && otherWord.1 != 0
                    ? word == otherWord : members[other].key == members[index].key
                guard same else { continue }
                if other < index {
                    earlier = true
                    break
                }
                last = other
            }
            if earlier { continue }
            guard let value = members[last].value.scalarText else { continue }
            bytes += (shownCount > 0 ? 1 : 0) + members[index].key.utf8.count + 1 + value.utf8.count
            let packed = UInt64(index) | UInt64(last) << 4
            if shownCount < 8 {
                shown.0 |= packed << (8 * UInt64(shownCount))
            } else {
                shown.1 |= packed << (8 * UInt64(shownCount - 8))
            }
            shownCount += 1
        }
        guard shownCount > 0 else { return nil }
        return String(utf8Capacity: bytes) { output in
            for position in 0..<shownCount {
                let packed = position < 8 ? shown.0 >> (8 * UInt64(position)) : shown.1 >> (8 * UInt64(position - 8))
                if position > 0 { output.append(UInt8(ascii: " ")) }
                members[Int(packed & 0xF)].key.withUTF8Bytes { output.append(copying: $0) }
                output.append(UInt8(ascii: "="))
                members[Int(packed >> 4 & 0xF)].value.scalarText?.withUTF8Bytes { output.append(copying: $0) }
            }
        }
    }
}
