package import ResultKit

/// The layout of the cluster's real-time index, the same on every shard
/// (`scripts/cluster.sh` writes it; a test holds the two together):
///
/// - `f0` … `f7`: full-text fields, one for each of a record's kind's search
///   fields, strongest first (a kind with more than eight puts the rest in
///   `f7`), holding ``FieldTokens``;
/// - `tr0` … `tr7`: the typo tokens of each (named `ty` before their tokens
///   told how far the next word starts: a cluster loaded then is refused,
///   see `ClusterSource.refusal(_:)`);
/// - `fz`: the telling units of all of them, for fuzzy matches;
/// - `nf`: the text of every field a filter can name (`currency:usd`) that
///   no slot holds and that is not a plain number, each token after the
///   field's code (``fieldCode(_:)``);
/// - `seq`: the record's place in the order it was loaded in: the load's
///   number (32 bits), then its place in the load;
/// - `src`, `line`: where it was loaded from;
/// - `kind_name`: its kind, lower case, empty when it named none;
/// - `record`: the record as JSON, as it is returned;
/// - `attrs`: which fields a record has, and the numbers filters and
///   `--sort` read, as ordered integers (``SortableNumber``), keyed by a
///   hash of the field's name;
/// - `wt0` … `wt7`, `len0` … `len7`, `ir0` … `ir7`: each search field's
///   weight, length in characters, and the fewest units from a word start
///   to a word starting inside it (``FieldTokens/innerReach``,
///   ``noInnerStart`` when none does), which order the candidates.
package enum ClusterLayout {
    /// How many search fields have a full-text field of their own.
    package static let slotCount = 8

    package static func slotField(_ slot: Int) -> String { "f\(slot)" }
    package static let slotFields = (0..<slotCount).map(slotField)
    package static func typoField(_ slot: Int) -> String { "tr\(slot)" }
    package static let typoFields = (0..<slotCount).map(typoField)
    package static let fuzzyField = "fz"
    package static let namedField = "nf"
    package static let fullTextFields = slotFields + typoFields + [fuzzyField, namedField]

    /// The attributes and their `rt_attr_…` types, in the order `REPLACE` names them.
    package static let attributes: [(name: String, type: String)] =
        [
            ("seq", "bigint"), ("line", "uint"), ("src", "string"), ("kind_name", "string"), ("record", "string"),
            ("attrs", "json"),
        ] + ["wt", "len", "ir"].flatMap { name in (0..<slotCount).map { ("\(name)\($0)", "uint") } }

    /// The inner reach (`ir0` … `ir7`) of a field in which no word starts
    /// inside another: more units than any pattern a match ceiling is
    /// computed for.
    package static let noInnerStart = 1_000_000

    /// The columns a `REPLACE` names, in order.
    package static let columns = ["id"] + fullTextFields + attributes.map(\.name)

    /// The columns a search reads back, before the order's values.
    package static let selected = ["id", "seq", "line", "src", "kind_name", "record"]

    /// The most rows a statement asks for (`max_matches`): each shard makes
    /// room for this many rows before it reads one. Pages also stop short
    /// of `CandidateSearch.maxPageBytes`.
    package static let maxPageRows = 20_000

    /// `kind`'s search fields in slot order: strongest first, equal
    /// weights in declared order.
    package static func orderedFields(of kind: ResultKind) -> [SearchField] {
        kind.searchFields.enumerated().sorted { a, b in
            a.element.weight != b.element.weight ? a.element.weight > b.element.weight : a.offset < b.offset
        }.map(\.element)
    }

    /// The short code of a field's name that starts its tokens in `nf`:
    /// six letters and digits of a hash. Two fields with one code make
    /// candidates too many, never too few.
    package static func fieldCode(_ field: String) -> String {
        let hash = TokenSpelling.hash(field.unicodeScalars.map(\.value))
        return String(repeating: "0", count: max(0, 6 - hash.count)) + hash.prefix(6)
    }

    /// The key in `attrs` of the number a filter reads of `field`: the
    /// whole hash, so that two fields never share a value.
    package static func filterKey(_ field: String) -> String {
        "f" + TokenSpelling.hash(field.unicodeScalars.map(\.value))
    }

    /// The key in `attrs` that says the record has `field` (`field:*`).
    package static func presenceKey(_ field: String) -> String {
        "p" + TokenSpelling.hash(field.unicodeScalars.map(\.value))
    }

    /// The key in `attrs` of the number `--sort field` reads.
    package static func sortKey(_ field: String) -> String {
        "o" + TokenSpelling.hash(field.unicodeScalars.map(\.value))
    }

    /// The key in `attrs` that says `--sort field` reads text.
    package static func sortTextKey(_ field: String) -> String {
        "t" + TokenSpelling.hash(field.unicodeScalars.map(\.value))
    }
}
