/// Somewhere records come from: a file, a folder, standard input, a kind's
/// bundled sample, or a remote engine that finds candidate records.
///
/// This is the seam between the engine and its inputs. ``SearchEngine`` asks
/// each source in turn to ``search(into:)``; the source hands what it reads
/// to the ``RecordSink``, which resolves each record's kind, scores it with
/// the one scorer every source shares, and keeps the best in the one top-K.
/// A source never ranks, filters or counts matches itself, so results from
/// different sources merge into one ranking.
///
/// ## What an implementation must guarantee
/// - Hand every record it reads to the sink, in its own order, either whole
///   (``RecordSink/consider(_:)-(Record)``) or as a raw NDJSON line
///   (``RecordSink/consider(ndjson:number:file:hint:)``), which the sink
///   classifies with ``NDJSONLineRule`` and accounts for exactly as the
///   engine's own readers do.
/// - Report every problem through ``RecordSink/diagnose(_:)``, never by
///   printing: a source that cannot be read at all gives one `error`; a record
///   lost to bad input, one `warning` located by file and line. Nothing is
///   dropped silently.
/// - Return only when it is done: the sink is valid during the call only.
///
/// ## What it may assume
/// - The sink is the only one: ``search(into:)`` is called once per search,
///   on one thread; a source may use threads of its own only through the
///   sink's package routes (the engine's parallel file reader).
/// - ``RecordSink/reader`` carries the search's reading limits and the kind
///   implied for records that name none.
public protocol SearchSource: Sendable {
    /// The name used in messages: a path, `<stdin>`, `<bundled>/file`, a URL.
    var displayName: String { get }

    /// Reads the source and hands its records and problems to `sink`.
    func search(into sink: inout RecordSink)
}
