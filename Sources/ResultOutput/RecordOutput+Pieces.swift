package import SearchEngine
import StreamingJSON
import TerminalTable

extension RecordOutput {
    /// What a JSON output is: the document of
    /// ``json(_:query:total:fields:failedShards:totalIsLowerBound:)``, or the lines of
    /// ``jsonLine(_:fields:)``.
    package enum JSONShape: Sendable {
        /// The document; `failedShards`, when a cluster answered without
        /// some of its shards, marks it `"partial": true` and names them.
        /// `totalIsLowerBound` says more may match than `total` (a cluster
        /// read only what the page needed).
        case document(query: String, total: Int, failedShards: [String]? = nil, totalIsLowerBound: Bool = false)
        case lines
    }

    /// How many results a piece of ``forEachJSONPiece(_:shape:fields:prepare:stop:_:)``
    /// holds: a few hundred kilobytes, so that a window of them in flight
    /// stays a few megabytes however many results there are.
    static let hitsPerPiece = 2_048

    /// The bytes ``json(_:query:total:fields:failedShards:totalIsLowerBound:)`` or ``jsonLine(_:fields:)``
    /// make of `hits`, handed to `body` in pieces, in order: each piece the
    /// results of a block of hits, written on every core a window of blocks
    /// at a time and made ready there by `prepare`. Many results are thus
    /// written as they are made, never held whole as one string.
    /// `stop` is asked between windows: once it says so (the reader went
    /// away), no more pieces are made.
    /// - Parameter person: For a terminal: the document indented as jq
    ///   prints it (each result of JSON lines stays on its line), coloured
    ///   when `color`, as ``PrettyJSON`` writes it; else compact, for a program.
    package static func forEachJSONPiece<Piece: Sendable>(
        _ hits: [SearchHit],
        shape: JSONShape,
        fields: [String]?,
        person: Bool = false,
        color: Bool = false,
        prepare: @escaping @Sendable ([UInt8]) -> Piece,
        stop: () -> Bool = { false },
        _ body: (Piece) -> Void
    ) {
        // The document around its results: written whole with none, then
        // cut where the empty array is (`results` is its last member).
        let (head, tail, separator): ([UInt8], [UInt8], [UInt8])
        switch shape {
        case .document(let query, let total, let failedShards, let totalIsLowerBound) where person:
            var empty: [UInt8] = []
            let document = document(
                [], query: query, total: total, fields: fields, failedShards: failedShards,
                totalIsLowerBound: totalIsLowerBound)
            PrettyJSON.write(document, indent: 0, color: color, into: &empty)
            let cut = empty.count - "[]\n}".utf8.count
            (head, tail, separator) = (
                Array(empty[..<cut]) + Array("[\n    ".utf8), Array("\n  ]\n}\n".utf8), Array(",\n    ".utf8)
            )
        case .document(let query, let total, let failedShards, let totalIsLowerBound):
            let empty = Array(
                json(
                    [], query: query, total: total, fields: fields, failedShards: failedShards,
                    totalIsLowerBound: totalIsLowerBound
                ).utf8)
            let cut = empty.count - "]}\n".utf8.count
            (head, tail, separator) = (Array(empty[..<cut]), Array(empty[cut...]), Array(",".utf8))
        case .lines:
            (head, tail, separator) = ([], [], Array("\n".utf8))
        }
        let isDocument = !head.isEmpty
        let blocks = stride(from: 0, to: hits.count, by: Self.hitsPerPiece).map {
            $0..<min(hits.count, $0 + Self.hitsPerPiece)
        }
        let make: @Sendable (Int) -> Piece = { block in
            var bytes = block == 0 ? head : []
            for index in blocks[block] {
                // A document's results are joined by commas; each line ends with its own line feed.
                if isDocument, index > 0 { bytes += separator }
                if person {
                    PrettyJSON.write(
                        result(hits[index], fields: fields), indent: isDocument ? 4 : nil, color: color, into: &bytes)
                } else {
                    JSONWriter.write(result(hits[index], fields: fields), into: &bytes)
                }
                if !isDocument { bytes += separator }
            }
            return prepare(bytes)
        }
        ParallelBlocks.forEachInWindows(
            blocks.count, parallel: hits.count >= ParallelBlocks.minimumParallelCount, stop: stop, make: make, body)
        if isDocument {
            if blocks.isEmpty {
                // No result: the array empty, on the line of its key.
                body(prepare(person ? Array(head.dropLast("[\n    ".utf8.count)) + Array("[]\n}\n".utf8) : head))
                if person { return }
            }
            body(prepare(tail))
        }
    }
}
