import BenchSupport
import Glibc

/// The same records in the forms people have them: NDJSON (the file read
/// in blocks on every core), a JSON array with one element per line (as
/// exporters write one; also read in blocks), the same array on one line
/// (as an API or `JSON.stringify` writes it; read in one pass), and NDJSON
/// compressed with gzip, each searched as a whole process, interleaved, with
/// the ratio of each form's median to NDJSON's.
struct InputFormBench {
    let search: String
    let runs: Int
    let note: (String) -> Void

    /// The queries timed on every form: a word, and one that matches nothing.
    static let queries = ["coffee", "zzqxj"]
    /// How much longer than NDJSON a JSON array may take (issue 41).
    static let arrayTarget = 2.5

    /// The forms of `file`, made next to it once.
    func forms(of file: DataFile) throws(BenchmarkError) -> [(name: String, path: String)] {
        let array = file.path.replacingSuffix(".jsonl", with: ".array.json")
        if !exists(array) {
            note("writing \(array)")
            try Self.writeArray(from: file.path, to: array, oneLine: false)
        }
        let oneLine = file.path.replacingSuffix(".jsonl", with: ".line.json")
        if !exists(oneLine) {
            note("writing \(oneLine)")
            try Self.writeArray(from: file.path, to: oneLine, oneLine: true)
        }
        let gzip = file.path + ".gz"
        if !exists(gzip) {
            note("writing \(gzip)")
            let command =
                "gzip -1 -c \(Shell.quote(file.path)) > \(Shell.quote(gzip + ".partial")) && mv "
                + "\(Shell.quote(gzip + ".partial")) \(Shell.quote(gzip))"
            let sample = try ProcessRunner.run(
                Shell.arguments(command), stdoutPath: "/dev/null", stderrPath: "/dev/null")
            guard sample.exitStatus == 0 else { throw BenchmarkError("cannot write \(gzip) with gzip") }
        }
        return [
            ("NDJSON", file.path), ("JSON array, a line per element", array), ("JSON array, one line", oneLine),
            ("gzip NDJSON", gzip),
        ]
    }

    func measure(file: DataFile, scratch: String) throws(BenchmarkError) -> String {
        let forms = try forms(of: file)
        var commands: [TimedCommand] = []
        for query in Self.queries {
            for form in forms {
                commands.append(
                    TimedCommand(
                        label: "search \(query) (\(form.name))",
                        arguments: [search, "--data", form.path, "--limit", "20", query]))
            }
        }
        let measured = try Bench.measure(commands, runs: runs, scratch: scratch, progress: note)
        var table = TextTable(
            headers: ["QUERY", "FORM", "SIZE", "MEDIAN", "MIN", "CPU", "PEAK RSS", "VS NDJSON", "OUTPUT"],
            rightAligned: [2, 3, 4, 5, 6, 7, 8])
        var verdicts: [String] = []
        for (queryIndex, query) in Self.queries.enumerated() {
            let rows = measured[(queryIndex * forms.count)..<((queryIndex + 1) * forms.count)]
            let ndjson = rows.first?.wall?.median
            for (form, measurement) in zip(forms, rows) {
                guard let wall = measurement.wall else { continue }
                let ratio = ndjson.map { wall.median / $0 }
                table.append([
                    query, form.name, Format.megabytes(fileSize(form.path)), Format.seconds(wall.median),
                    Format.seconds(wall.min), measurement.cpu.map { Format.seconds($0.median) } ?? "?",
                    Format.mebibytes(kibibytes: measurement.peakRSSKiB),
                    ratio.map { "\(Format.ratio($0))" } ?? "", "\(measurement.stdoutLines) lines",
                ])
                if form.name.hasPrefix("JSON array"), let ratio {
                    verdicts.append(
                        "  \(query): the JSON array takes \(Format.ratio(ratio)) NDJSON's time; target within "
                            + "\(Format.ratio(Self.arrayTarget)): \(ratio <= Self.arrayTarget ? "met" : "MISSED")")
                }
            }
            // Every form finds the same results (the table names no file).
            let outputs = Set(rows.map(\.stdout))
            if outputs.count != 1 { verdicts.append("  \(query): WARNING: the forms printed different results") }
        }
        return table.render() + "Targets (issue 41):\n" + verdicts.joined(separator: "\n") + "\n"
    }

    /// Writes the records of the NDJSON file at `source` as one JSON array:
    /// a comma after each record but the last, and the line breaks kept
    /// (one element per line) or not (`oneLine`).
    static func writeArray(from source: String, to path: String, oneLine: Bool) throws(BenchmarkError) {
        let input = open(source, O_RDONLY)
        guard input >= 0 else { throw BenchmarkError("cannot read \(source)") }
        defer { close(input) }
        let partial = path + ".partial"
        let output = open(partial, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard output >= 0 else { throw BenchmarkError("cannot create \(partial)") }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var pendingComma = false
        var written: [UInt8] = oneLine ? [UInt8(ascii: "[")] : [UInt8(ascii: "["), 0x0A]
        while true {
            let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            for byte in chunk[..<count] {
                if byte == 0x0A {
                    pendingComma = true
                    continue
                }
                if pendingComma {
                    written.append(UInt8(ascii: ","))
                    if !oneLine { written.append(0x0A) }
                    pendingComma = false
                }
                written.append(byte)
            }
            guard writeAll(output, written) else {
                close(output)
                throw BenchmarkError("cannot write \(partial)")
            }
            written.removeAll(keepingCapacity: true)
        }
        written.append(contentsOf: oneLine ? [UInt8(ascii: "]"), 0x0A] : [0x0A, UInt8(ascii: "]"), 0x0A])
        let ok = writeAll(output, written)
        close(output)
        guard ok, rename(partial, path) == 0 else { throw BenchmarkError("cannot write \(path)") }
    }

    private static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + done, bytes.count - done) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            done += count
        }
        return true
    }

    private func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    private func fileSize(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }
}

extension String {
    fileprivate func replacingSuffix(_ suffix: String, with replacement: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) + replacement : self + replacement
    }

}
