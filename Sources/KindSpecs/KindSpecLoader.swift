import RawBytes
public import ResultKit
import StreamingJSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Finds, reads and validates kind spec files (`*.kind.json`), and merges the
/// kinds they describe with the kinds built into the program.
///
/// Nothing here reads the process environment or the clock by itself: the
/// caller passes them in, so that tests and tools decide.
///
/// ```swift
/// let loaded = KindSpecLoader.loadKinds(
///     builtIn: builtInKinds,
///     directories: arguments.kindDirectories,
///     defaultDirectory: KindSpecLoader.defaultDirectory(environment: environment)
/// )
/// // print loaded.errors as "error: …" (then exit 2), loaded.warnings as
/// // "warning: …", loaded.notes as "note: …"; register loaded.kinds
/// ```
public enum KindSpecLoader {
    /// The suffix of spec files.
    public static let fileSuffix = ".kind.json"
    /// The largest spec file read.
    public static let maxFileBytes = 1 << 20
    /// The most spec files read from one directory.
    public static let maxFilesPerDirectory = 1_000
    /// The deepest JSON nesting a spec may have.
    static let maxDepth = 16

    /// The directory searched when it exists: `$XDG_CONFIG_HOME/resultkit/kinds`
    /// when `XDG_CONFIG_HOME` is set to an absolute path, else
    /// `$HOME/.config/resultkit/kinds`; `nil` when neither is known.
    /// - Parameter environment: The process environment.
    public static func defaultDirectory(environment: [String: String]) -> String? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return joined(config, "resultkit/kinds")
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return joined(home, ".config/resultkit/kinds")
        }
        return nil
    }

    /// Reads the spec files of every layer, in order: the user's config
    /// folder (`defaultDirectory`, read only when it exists), then each of
    /// `directories` (`--kinds DIR`, each of which must exist). Each folder
    /// is read once, sorted by file name; the config folder takes its place
    /// among `directories` when it is named there too.
    ///
    /// Every problem is collected, never only the first: unreadable folders
    /// and files, malformed JSON (with line and column), mistakes in a spec
    /// (with the field), a file whose name is not the spec's `name`, and two
    /// specs of one folder that define the same kind. A spec in a later
    /// layer redefines an earlier layer's spec of the same name, with a
    /// note naming both files. The problems of the config folder's files
    /// are warnings, and those files are left out: one broken personal spec
    /// does not stop every search.
    /// - Parameters:
    ///   - directories: Folders the user named (`--kinds DIR`); each must exist.
    ///   - defaultDirectory: The folder read only when it exists, usually
    ///     ``defaultDirectory(environment:)``.
    ///   - referenceTime: When relative dates are measured from, in seconds
    ///     since 1970; `nil` reads the system clock once.
    /// - Returns: The valid specs, in the order read, and every problem.
    public static func load(
        directories: [String],
        defaultDirectory: String? = nil,
        referenceTime: Int64? = nil
    ) -> KindSpecLoadResult {
        let now = referenceTime ?? currentTime()
        var result = KindSpecLoadResult()
        func key(_ directory: String) -> String {
            directory.hasSuffix("/") && directory.count > 1 ? String(directory.dropLast()) : directory
        }
        var layers = directories.map { (directory: $0, named: true) }
        if let defaultDirectory, !directories.contains(where: { key($0) == key(defaultDirectory) }) {
            layers.insert((defaultDirectory, false), at: 0)
        }
        var visited = Set<String>()
        for (directory, named) in layers {
            guard visited.insert(key(directory)).inserted else { continue }
            var problems: [KindSpecError] = []
            guard
                let files = specFiles(in: directory, required: named, errors: &problems, warnings: &result.warnings)
            else {
                result.add(problems, named: named)
                continue
            }
            var layer: [KindSpec] = []
            for file in files {
                switch read(file) {
                case .success(let bytes):
                    switch parse(bytes, file: file, referenceTime: now, checksFileName: true) {
                    case .success(let spec): layer.append(spec)
                    case .failure(let failure): problems += failure.errors
                    }
                case .failure(let error):
                    problems.append(error)
                }
            }
            layer = removeDuplicateNames(in: layer, problems: &problems)
            result.add(problems, named: named)
            if !named { result.optionalFiles.formUnion(layer.map(\.file)) }
            result.addLayer(layer)
        }
        return result
    }

    /// The specs of one folder, less each whose name or plural an earlier
    /// one already claims, with an error naming both files.
    private static func removeDuplicateNames(in specs: [KindSpec], problems: inout [KindSpecError]) -> [KindSpec] {
        var owners: [String: String] = [:]
        var kept: [KindSpec] = []
        for spec in specs {
            let names = Set([spec.name, spec.plural])
            if let clash = names.sorted().first(where: { owners[$0] != nil }), let owner = owners[clash] {
                problems.append(
                    KindSpecError(file: spec.file, field: "name", "kind \"\(clash)\" is already defined by \(owner)"))
                continue
            }
            for name in names { owners[name] = spec.file }
            kept.append(spec)
        }
        return kept
    }

    /// The kinds built into the program joined by those of every layer of
    /// specs: ``load(directories:defaultDirectory:referenceTime:)`` then
    /// ``merge(modules:specs:)``, with the problems of the config folder's
    /// files given as warnings and those files left out.
    /// - Parameters:
    ///   - builtIn: The kinds the build registered.
    ///   - directories: Folders the user named (`--kinds DIR`).
    ///   - defaultDirectory: The user's config folder, read when it exists.
    ///   - referenceTime: When relative dates are measured from; `nil` reads the clock.
    /// - Returns: The kinds to register, the specs in use, and every problem.
    public static func loadKinds(
        builtIn: [ResultKind],
        directories: [String],
        defaultDirectory: String?,
        referenceTime: Int64? = nil
    ) -> KindSpecMergeResult {
        let loaded = load(directories: directories, defaultDirectory: defaultDirectory, referenceTime: referenceTime)
        var merged = merge(modules: builtIn, specs: loaded.specs)
        let optional = loaded.optionalFiles
        let demoted = merged.errors.filter { optional.contains($0.file) }
        merged.errors.removeAll { optional.contains($0.file) }
        merged.errors = loaded.errors + merged.errors
        merged.warnings = loaded.warnings + demoted
        merged.notes = loaded.notes + merged.notes
        return merged
    }

    /// Parses and validates one spec; its file need not be named after it.
    /// - Parameters:
    ///   - bytes: The file's content, UTF-8 JSON.
    ///   - file: The file name used in errors and as the kind's origin.
    ///   - referenceTime: When relative dates are measured from, in seconds since 1970.
    /// - Returns: The spec, or every mistake found in it.
    public static func parse(
        _ bytes: [UInt8],
        file: String,
        referenceTime: Int64 = 0
    ) -> Result<KindSpec, KindSpecErrors> {
        parse(bytes, file: file, referenceTime: referenceTime, checksFileName: false)
    }

    /// ``parse(_:file:referenceTime:)``; `checksFileName` as when reading a
    /// folder, where a spec's file is named after its kind.
    static func parse(
        _ bytes: [UInt8],
        file: String,
        referenceTime: Int64,
        checksFileName: Bool
    ) -> Result<KindSpec, KindSpecErrors> {
        guard bytes.count <= maxFileBytes else {
            return .failure(
                KindSpecErrors([
                    KindSpecError(file: file, "larger than \(maxFileBytes >> 20) MiB; is this a kind spec?")
                ])
            )
        }
        let value: JSONValue
        do {
            value = try JSONParser(maxDepth: maxDepth).parse(bytes)
        } catch {
            let (line, column) = position(of: error.offset, in: bytes)
            return .failure(
                KindSpecErrors([
                    KindSpecError(file: file, line: line, column: column, "malformed JSON: \(error.reason)")
                ])
            )
        }
        var decoder = KindSpecDecoder(file: file, checksFileName: checksFileName)
        guard let spec = decoder.decode(value, referenceTime: referenceTime) else {
            return .failure(KindSpecErrors(decoder.errors))
        }
        return .success(spec)
    }

    /// Parses and validates one spec from text; see ``parse(_:file:referenceTime:)``.
    public static func parse(_ text: String, file: String, referenceTime: Int64 = 0) -> Result<KindSpec, KindSpecErrors>
    {
        parse(Array(text.utf8), file: file, referenceTime: referenceTime)
    }

    // MARK: - Files

    /// The spec files directly inside `directory`, sorted by name; `nil` when
    /// the folder cannot be read (an error unless it is optional and absent;
    /// a warning when it is optional and its path runs through a file).
    static func specFiles(
        in directory: String, required: Bool, errors: inout [KindSpecError], warnings: inout [KindSpecError]
    ) -> [String]? {
        guard let handle = opendir(directory) else {
            let code = errno
            if !required && code == ENOTDIR {
                warnings.append(
                    KindSpecError(
                        file: directory,
                        "not a folder (a part of the path is a file), so no kind specs are read from it"
                    ))
            } else if required || code != ENOENT {
                errors.append(KindSpecError(file: directory, "cannot read the kinds folder: \(describe(errno: code))"))
            }
            return nil
        }
        defer { closedir(handle) }
        var names: [String] = []
        var tooMany = false
        DirectoryEntries.forEachName(in: handle) { bytes in
            let name = String(decoding: bytes, as: UTF8.self)
            guard !name.hasPrefix("."), name.hasSuffix(fileSuffix) else { return true }
            names.append(name)
            tooMany = names.count > maxFilesPerDirectory
            return !tooMany
        }
        if tooMany {
            errors.append(
                KindSpecError(
                    file: directory, "more than \(maxFilesPerDirectory) kind specs; is this the right folder?"))
            return nil
        }
        return names.sorted().map { joined(directory, $0) }
    }

    /// The bytes of a spec file, at most ``maxFileBytes``; only a regular
    /// file (or a link to one) is read.
    ///
    /// Read with the system calls, as the folder is listed: a kind provider
    /// needs nothing of the engine's readers. The file is opened without
    /// blocking and checked before any read: a FIFO named like a spec would
    /// otherwise stop every run, `--help` included, until something wrote to it.
    static func read(_ path: String) -> Result<[UInt8], KindSpecError> {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return .failure(KindSpecError(file: path, "cannot read: \(describe(errno: errno))")) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            return .failure(KindSpecError(file: path, "cannot read: \(describe(errno: errno))"))
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            return .failure(
                KindSpecError(file: path, "not a regular file (\(fileType(info.st_mode))); a kind spec is a JSON file"))
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = FileDescriptorBytes.read(fd, into: &chunk)
            if count == 0 { return .success(bytes) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(KindSpecError(file: path, "cannot read: \(describe(errno: errno))"))
            }
            bytes += chunk[..<count]
            if bytes.count > maxFileBytes {
                return .failure(
                    KindSpecError(file: path, "larger than \(maxFileBytes >> 20) MiB; is this a kind spec?"))
            }
        }
    }

    /// The 1-based line and column (in bytes) of a byte offset.
    static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        let end = min(max(offset, 0), bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<end where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return (line, end - lineStart + 1)
    }

    /// What a file that is not a regular one is, in words.
    private static func fileType(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a folder"
        case S_IFIFO: "a named pipe"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        default: "of another type"
        }
    }

    private static func joined(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    private static func describe(errno code: Int32) -> String {
        strerror(code).map { String(cString: $0) } ?? "error \(code)"
    }

    private static func currentTime() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        return Int64(now.tv_sec)
    }
}
