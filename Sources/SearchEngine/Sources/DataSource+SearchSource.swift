extension DataSource: SearchSource {
    /// Reads the source on the route that suits it: a large regular NDJSON
    /// file in blocks on every core, anything else in one pass, records or
    /// lines handed to the sink as they are read.
    public func search(into sink: inout RecordSink) {
        if case .path(let path) = self, ParallelInput.shouldSearchInParallel(path, reading: sink.reader) {
            sink.searchInBlocks(path: path)
            sink.note(SourceReading(source: displayName, format: .ndjson, sniffed: sink.reader.options.format == nil))
            return
        }
        let reader = sink.reader
        func consider(_ line: NDJSONLine) { sink.consider(line) }
        withoutActuallyEscaping(consider) { lines in
            reader.read(
                self,
                record: { record in sink.consider(record) },
                lines: lines,
                diagnose: { diagnostic in sink.diagnose(diagnostic) },
                reading: { reading in sink.note(reading) }
            )
        }
    }
}

extension DataSource {
    /// Whether ``search(into:)`` reads this source in blocks on every core,
    /// straight from the file, when `reader` reads it: a caller that
    /// searches it again and again need not hold its records.
    package func isSearchedInBlocks(by reader: RecordReader) -> Bool {
        guard case .path(let path) = self else { return false }
        return ParallelInput.shouldSearchInParallel(path, reading: reader)
    }
}
