extension DataSource: SearchSource {
    /// Reads the source on the route that suits it: a large regular NDJSON
    /// file in blocks on every core; anything else in one pass, records or
    /// lines handed to the sink as they are read, but for the rest of a
    /// large records' array in a regular file, read in blocks on every core
    /// from where the pass reaches it.
    public func search(into sink: inout RecordSink) {
        if case .path(let path) = self, let framing = ParallelInput.framing(of: path, reading: sink.reader) {
            sink.searchInBlocks(path: path, framing: framing)
            let isArray = framing == .arrayElementPerLine
            sink.note(
                SourceReading(
                    source: displayName, format: isArray ? .json : .ndjson, sniffed: sink.reader.options.format == nil,
                    records: isArray ? .document : nil))
            return
        }
        let reader = sink.reader
        let minimumBytes = sink.options.arrayBlocks.minimumBytes
        func consider(_ line: NDJSONLine) { sink.consider(line) }
        // The rest of a large array in a file, in blocks on every core.
        func readStretch(_ stretch: ArrayStretch) -> ArrayStretch.Outcome? { sink.searchInBlocks(stretch) }
        withoutActuallyEscaping(consider) { lines in
            withoutActuallyEscaping(readStretch) { readStretch in
                reader.read(
                    self,
                    record: { record in sink.consider(record) },
                    lines: lines,
                    stretches: ArrayStretchReader(minimumBytes: minimumBytes, read: readStretch),
                    diagnose: { diagnostic in sink.diagnose(diagnostic) },
                    reading: { reading in sink.note(reading) }
                )
            }
        }
    }
}

extension DataSource {
    /// Whether ``search(into:)`` reads this source in blocks on every core,
    /// straight from the file, when `reader` reads it: a caller that
    /// searches it again and again need not hold its records.
    package func isSearchedInBlocks(by reader: RecordReader) -> Bool {
        guard case .path(let path) = self else { return false }
        return ParallelInput.framing(of: path, reading: reader) != nil
    }
}
