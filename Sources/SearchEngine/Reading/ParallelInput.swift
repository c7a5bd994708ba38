import RawBytes

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Decides which inputs are searched with every core: the engine's choice,
/// per source, as a searcher chooses how to read a file.
package enum ParallelInput {
    /// Regular NDJSON files of 8 MiB or more are split into blocks for the
    /// cores, as are JSON arrays of that size with one element per line;
    /// smaller files, pipes, compressed files, other JSON and CSV are read in
    /// one pass, but for the rest of a records' array in a regular file,
    /// when that much of the file is left (see ``ParallelArrayReader``).
    package static let threshold = 8 << 20
    /// How much of a JSON array is looked at to tell that it has one element per line.
    static let sampleBytes = 64 << 10

    /// How the lines of `path` hold its records, when it is a large regular
    /// file, not compressed, that `reader` reads line by line (its records'
    /// kinds named by `kind`): NDJSON, or a JSON array with one element per
    /// line; `nil` when it is read in one pass.
    static func framing(of path: String, reading reader: RecordReader) -> LineFraming? {
        let options = reader.options
        let format = options.format ?? DataFormat.forFile(path)
        guard format == .ndjson || format == .json, options.records == nil, !options.namesKindsElsewhere else {
            return nil
        }
        // Only a regular file is opened here: opening a FIFO would let its
        // writer write to a reader that is about to go.
        var info = stat()
        guard stat(FilePathBytes.cString(path), &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
            Int(info.st_size) >= threshold
        else { return nil }
        let fd = open(FilePathBytes.cString(path), O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var head = [UInt8](repeating: 0, count: format == .json ? sampleBytes : Compression.magicLength)
        let count = FileDescriptorBytes.read(fd, into: &head, atOffset: 0)
        guard count > 0 else { return nil }
        head.removeLast(head.count - count)
        // Compressed content is read as it is inflated, in one pass.
        guard Compression.detect(head) == nil else { return nil }
        if format == .ndjson { return .ndjson }
        return hasOneElementPerLine(head) ? .arrayElementPerLine : nil
    }

    /// Whether `head`, the start of a JSON document, is an array whose
    /// complete lines each hold one whole object (or only the array's
    /// punctuation), at least two of them.
    static func hasOneElementPerLine(_ head: [UInt8]) -> Bool {
        let bytes = head.span
        guard let last = head.lastIndex(of: 0x0A) else { return false }
        var elements = 0
        var start = 0
        var number = 1
        while start <= last {
            let end = bytes.firstIndex(of: 0x0A, in: start..<last) ?? last
            let line = bytes.extracting(start..<end)
            if number == 1 {
                // The array opens on the first line.
                let opening = head[start..<end].drop {
                    $0 == 0x20 || $0 == 0x09 || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF
                }
                guard opening.first == UInt8(ascii: "[") else { return false }
            }
            let content = line.extracting(LineFraming.arrayElementPerLine.content(of: line, isFirstLine: number == 1))
            if !content.isEmpty {
                guard content[0] == UInt8(ascii: "{"), JSONDocumentReader.objectSpans(content) else {
                    return false
                }
                elements += 1
            }
            start = end + 1
            number += 1
        }
        return elements >= 2
    }
}
