#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Decides which inputs are searched with every core: the engine's choice,
/// per source, as a searcher chooses how to read a file.
enum ParallelInput {
    /// Regular NDJSON files of 8 MiB or more are split into blocks for the
    /// cores; smaller files, pipes, JSON and CSV are read in one pass.
    static let threshold = 8 << 20

    /// Whether `path` is a large regular NDJSON file, not compressed, that
    /// `reader` reads line by line (its records' kinds named by `kind`).
    static func shouldSearchInParallel(_ path: String, reading reader: RecordReader) -> Bool {
        let options = reader.options
        guard (options.format ?? DataFormat.forFile(path)) == .ndjson, options.records == nil,
            !options.namesKindsElsewhere
        else { return false }
        // Only a regular file is opened here: opening a FIFO would let its
        // writer write to a reader that is about to go.
        var info = stat()
        guard FilePathBytes.withCPath(path, { stat($0, &info) }) == 0, (info.st_mode & S_IFMT) == S_IFREG,
            Int(info.st_size) >= threshold
        else { return false }
        let fd = FilePathBytes.withCPath(path) { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { return false }
        defer { close(fd) }
        // Compressed content is read as it is inflated, in one pass.
        var magic = [UInt8](repeating: 0, count: Compression.magicLength)
        let count = magic.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        return count < Compression.magicLength || Compression.detect(magic) == nil
    }
}
