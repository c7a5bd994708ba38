package import ResultKit
package import StreamingJSON

/// What a search reads of a record's fields for its filters and for
/// `--sort`, for a source that must rule records out or order them before
/// they reach the search (a remote index stores these values when it is
/// loaded). It asks the scorer's own reading (``ScoredRecord/value(of:)``)
/// and the sort's, so they cannot drift apart.
package enum RecordFieldReading {
    /// Where a record stands under `--sort FIELD`: its value is a number,
    /// some text, or missing (absent or null).
    package enum SortPlace: Sendable, Equatable {
        case number(Double)
        case text
        case missing
    }

    /// The value that filters (`price<5`, `price:*`, `status:taken`) read
    /// of `field` in a record of `kind`: a search field of that name (its
    /// text, and the number the record's own field holds, else the number
    /// the text spells), else the field as the kind names it (its
    /// `KindField`, else the record's top-level field); `nil` when absent,
    /// null, or not a scalar.
    package static func filterValue(of field: String, in object: JSONObject, kind: ResultKind)
        -> (text: String, number: Double?)?
    {
        JSONScoredRecord(object: object, fields: kind.searchFields, declared: kind.namedFields).value(of: field)
            .map { ($0.text, $0.number) }
    }

    /// Where a record of `kind` stands under `--sort field`.
    package static func sortPlace(of field: String, in object: JSONObject, kind: ResultKind) -> SortPlace {
        // Whether it is text is all a source needs: the text is not folded.
        switch SortValue.Unfolded(kind.value(ofField: field, in: object)) {
        case .number(let number)?: .number(number)
        case .text?: .text
        case nil: .missing
        }
    }
}
