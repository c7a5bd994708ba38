/// A column a table left out to fit its width: what a note to the reader
/// names, with the way to see it (`--wide`, or a wider terminal).
package struct HiddenColumn: Sendable, Equatable {
    /// The title of the column's group (a kind), or `nil` for a shared column.
    package var group: String?
    /// The column's header, as the table shows headers: upper-cased.
    package var header: String

    package init(group: String?, header: String) {
        self.group = group
        self.header = header
    }

    /// `product RATING and ABOUT, domain STATUS`: the columns by group, in order.
    package static func describe(_ hidden: [HiddenColumn]) -> String {
        var groups: [String?] = []
        var headers: [String?: [String]] = [:]
        for column in hidden where headers[column.group]?.contains(column.header) != true {
            if headers[column.group] == nil { groups.append(column.group) }
            headers[column.group, default: []].append(column.header)
        }
        return groups.map { group in
            let names = headers[group] ?? []
            let list =
                names.count > 1
                ? names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "") : names.joined()
            return group.map { "\($0) \(list)" } ?? list
        }.joined(separator: "; ")
    }
}
