import RawBytes
import ResultKit
import SearchEngine
import TextMatching

/// One record of a ``SearchTextIndex`` block as the scorer reads it (``ScoredRecord``): its
/// kind's search fields, each text made a `String` only when the scorer asks for it, and what
/// the index knows to rule a field out before the matcher reads it.
///
/// The index keeps only search fields' texts: it serves queries of words alone
/// (``IndexRanking``, ``SubsetRanking``), whose filters name no field. ``value(of:)`` answers
/// for search fields only.
struct IndexedRecord: ScoredRecord {
    /// How the index rules a field out for a word.
    enum Pruning {
        /// By nothing: the matcher reads every field.
        case none
        /// By the best band a word that matches only where it occurs (no typo can match) may have
        /// in a plain ASCII text (``IndexRanking/bestBand(of:in:weight:rule:)``): a field where
        /// it does not occur, or whose best band is worse than a field already matched, cannot be
        /// the word's best field.
        case exactWord([UInt8], RankingRule)
        /// By fragments, one of which every plain ASCII text a word matches holds (at index
        /// `condition` of the query, or its phrase at the query's condition count): a text
        /// without one cannot match at any tier the scorer takes.
        case fragments([IndexRanking.Fragments?])
    }

    /// The kind's search fields.
    private(set) var fields: [SearchField] = []
    /// The number in the index of the kind whose fields ``fields`` are, or -1.
    private var kindNumber = -1
    /// The block's texts.
    let texts: [UInt8]
    /// Where each field's text starts in ``texts``: a plain ASCII text up to its zero byte, or
    /// ``SearchTextIndex/unicodeMark`` and the number of a text in ``unicodeTexts``. Past the
    /// kind's fields, what an earlier record left.
    private var starts: [Int]
    /// The index's texts that are not plain ASCII.
    let unicodeTexts: [String]
    let pruning: Pruning

    /// A record of the block whose texts are `texts`, to be moved to one of its records
    /// (``move(to:in:kind:fields:)``) before the scorer reads it, and from record to record:
    /// made once a block, so that ranking a record counts no reference and allocates nothing.
    /// It holds the block's texts: let it go before the block's view is read into again, or
    /// the read copies them. `fieldCapacity` is the most search fields a kind has.
    init(texts: [UInt8], unicodeTexts: [String], pruning: Pruning, fieldCapacity: Int) {
        self.texts = texts
        self.unicodeTexts = unicodeTexts
        self.pruning = pruning
        starts = [Int](repeating: 0, count: fieldCapacity)
    }

    /// Makes this the record `local` of `block` (whose texts this holds), of the kind numbered
    /// `kind` in the index, whose search fields are `kindFields`.
    mutating func move(
        to local: Int, in block: borrowing SearchTextIndex.BlockView, kind: Int, fields kindFields: [SearchField]
    ) {
        if kind != kindNumber {
            fields = kindFields
            kindNumber = kind
        }
        var start = Int(block.starts[local])
        // The block's texts, which this holds, read through the block.
        let bytes = block.texts.span
        let fieldCount = fields.count
        // Written through one span: the array is checked for sole ownership once, not once a field.
        var out = starts.mutableSpan
        for field in 0..<fieldCount {
            out[field] = start
            if bytes[start] == SearchTextIndex.unicodeMark {
                start += 5
            } else {
                start = SearchTextIndex.textEnd(in: bytes, from: start) + 1
            }
        }
    }

    var fieldCount: Int { fields.count }

    func fieldName(at index: Int) -> String { fields[index].name }

    func fieldWeight(at index: Int) -> Int { fields[index].weight }

    func fieldText(at index: Int) -> String? {
        if let number = unicodeNumber(at: index) { return unicodeTexts[number] }
        return String(decodingUTF8: texts.span.extracting(asciiText(at: index)))
    }

    func mayMatch(condition: Int, field index: Int, atLeast bound: MatchStrength?) -> Bool {
        switch pruning {
        case .none:
            return true
        case .exactWord(let word, let rule):
            guard unicodeNumber(at: index) == nil else { return true }
            let band = IndexRanking.bestBand(
                of: word.span, in: texts.span.extracting(asciiText(at: index)), weight: fields[index].weight,
                rule: rule)
            return band != IndexRanking.noMatch && bound.map { Int(band) <= $0.band } ?? true
        case .fragments(let fragments):
            guard condition < fragments.count, let fragments = fragments[condition], unicodeNumber(at: index) == nil
            else { return true }
            return fragments.occur(in: texts.span.extracting(asciiText(at: index)))
        }
    }

    /// A search field's text, read as a number when it is one.
    func value(of field: String) -> FieldValue? {
        guard let index = fields.firstIndex(where: { $0.name == field }), let text = fieldText(at: index) else {
            return nil
        }
        return FieldValue(text: text, number: Double(text))
    }

    /// The number in ``unicodeTexts`` of the field's text when it is not plain ASCII.
    private func unicodeNumber(at index: Int) -> Int? {
        let start = starts[index]
        guard texts[start] == SearchTextIndex.unicodeMark else { return nil }
        return Int(texts[start + 1]) | Int(texts[start + 2]) << 8 | Int(texts[start + 3]) << 16
            | Int(texts[start + 4]) << 24
    }

    /// Where a plain ASCII field's text is in ``texts``.
    private func asciiText(at index: Int) -> Range<Int> {
        let start = starts[index]
        let texts = texts.span
        return start..<SearchTextIndex.textEnd(in: texts, from: start)
    }
}
