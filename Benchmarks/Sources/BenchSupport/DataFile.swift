import Glibc

/// A generated NDJSON file of a given seed and size, made once and reused.
///
/// The name holds the generator's version, the seed and the record count, and
/// the file appears under that name only once it is complete (written to a
/// temporary name, then renamed), so an existing file is always the right one.
public struct DataFile: Sendable {
    /// Bumped whenever ``RecordGenerator`` changes its output.
    public static let generatorVersion = 1

    /// The file's path.
    public let path: String
    /// Its size in bytes.
    public let bytes: Int
    /// Records in it.
    public let records: Int
    /// The seed it was generated from.
    public let seed: UInt64
    /// Its share of records of unknown kinds, in percent.
    public var unknownPercent = RecordGenerator.plainUnknownPercent
    /// Whether it was already there.
    public let reused: Bool
    /// Seconds spent generating it (0 when reused).
    public let generationSeconds: Double

    /// The file for `records` records of `seed` in `directory`, generated now
    /// if it is not there yet; with `unknownPercent` other than the plain
    /// mix's, of that share of unknown kinds (see
    /// ``RecordGenerator/init(seed:unknownPercent:)``), named for it.
    /// - Throws: ``BenchmarkError`` when the file cannot be written.
    public static func prepare(
        records: Int, seed: UInt64, in directory: String,
        unknownPercent: Int = RecordGenerator.plainUnknownPercent
    ) throws(BenchmarkError) -> DataFile {
        guard RecordGenerator.unknownPercents.contains(unknownPercent) else {
            throw BenchmarkError("the share of unknown kinds must be 2 to 25 %, not \(unknownPercent)")
        }
        let plain = unknownPercent == RecordGenerator.plainUnknownPercent
        let path =
            "\(directory)/resultkit-bench-v\(generatorVersion)-seed\(seed)-\(records)"
            + (plain ? "" : "-unknown\(unknownPercent)") + ".jsonl"
        if let size = fileSize(path) {
            var file = DataFile(
                path: path, bytes: size, records: records, seed: seed, reused: true, generationSeconds: 0)
            file.unknownPercent = unknownPercent
            return file
        }
        let clock = ContinuousClock()
        let start = clock.now
        let partial = "\(path).partial-\(getpid())"
        try write(records: records, seed: seed, unknownPercent: unknownPercent, to: partial)
        guard rename(partial, path) == 0 else {
            unlink(partial)
            throw BenchmarkError("cannot rename \(partial) to \(path): \(String(cString: strerror(errno)))")
        }
        let seconds = (clock.now - start).seconds
        guard let size = fileSize(path) else { throw BenchmarkError("\(path) vanished after it was written") }
        var file = DataFile(
            path: path, bytes: size, records: records, seed: seed, reused: false, generationSeconds: seconds)
        file.unknownPercent = unknownPercent
        return file
    }

    /// Writes `records` generated records of `seed`, `unknownPercent` % of
    /// unknown kinds, to `path`.
    public static func write(
        records: Int, seed: UInt64, unknownPercent: Int = RecordGenerator.plainUnknownPercent, to path: String
    ) throws(BenchmarkError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else {
            throw BenchmarkError("cannot create \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var generator = RecordGenerator(seed: seed, unknownPercent: unknownPercent)
        var buffer: [UInt8] = []
        buffer.reserveCapacity(1 << 20 + 4096)
        for index in 0..<records {
            generator.next().appendLine(to: &buffer)
            if buffer.count >= 1 << 20 || index == records - 1 {
                try writeAll(buffer, to: descriptor, path: path)
                buffer.removeAll(keepingCapacity: true)
            }
        }
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(BenchmarkError) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                Glibc.write(descriptor, raw.baseAddress.map { $0 + offset }, raw.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw BenchmarkError("cannot write \(path): \(String(cString: strerror(errno)))")
            }
            offset += written
        }
    }

    /// The size of the regular file at `path`, or `nil` when there is none.
    public static func fileSize(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(info.st_size)
    }
}
