import ResultKit
import SearchEngine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Decides which inputs are searched with every core.
enum ParallelInput {
    /// Regular NDJSON files of 8 MiB or more are split into blocks for the
    /// cores; smaller files, pipes, JSON and CSV are read in one pass.
    static let threshold = 8 << 20

    static func shouldSearchInParallel(_ path: String) -> Bool {
        guard DataFormat.forFile(path) == .ndjson else { return false }
        var info = stat()
        guard FilePathBytes.withCPath(path, { stat($0, &info) }) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            return false
        }
        return Int(info.st_size) >= threshold
    }
}
