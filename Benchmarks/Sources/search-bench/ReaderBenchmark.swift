import BenchSupport
import ResultKit
import SearchEngine

/// Times the library's streaming reader alone: `RecordReader` over a file
/// with a record callback that only counts, in this process.
enum ReaderBenchmark {
    /// What one pass read.
    struct Pass {
        var seconds: Double
        var records: Int
        var diagnostics: Int
    }

    /// Reads `path` once with an empty registry (the kinds do not matter to
    /// the reader) and counts records and diagnostics.
    static func pass(_ path: String) throws(BenchmarkError) -> Pass {
        let registry: KindRegistry
        do {
            registry = try KindRegistry([])
        } catch {
            throw BenchmarkError("cannot make an empty kind registry: \(error)")
        }
        let reader = RecordReader(registry: registry)
        var records = 0
        var diagnostics = 0
        let clock = ContinuousClock()
        let start = clock.now
        reader.read(.path(path), record: { _ in records += 1 }, diagnose: { _ in diagnostics += 1 })
        return Pass(seconds: (clock.now - start).seconds, records: records, diagnostics: diagnostics)
    }
}
