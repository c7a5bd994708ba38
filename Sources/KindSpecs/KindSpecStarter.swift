import RawBytes

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A starter spec for `search --new-kind-spec NAME`: a valid spec to edit,
/// written with the schema beside it so that its `"$schema"` works where it
/// is written.
public enum KindSpecStarter {
    /// The plural a starter gives `name`: `book` → `books`, `box` → `boxes`,
    /// `city` → `cities`. The user edits it when English is less regular.
    public static func plural(of name: String) -> String {
        let vowels: Set<Character> = ["a", "e", "i", "o", "u"]
        if name.hasSuffix("y"), name.count > 1, !vowels.contains(name.dropLast().last ?? "a") {
            return name.dropLast() + "ies"
        }
        if ["s", "x", "z", "ch", "sh"].contains(where: { name.hasSuffix($0) }) { return name + "es" }
        return name + "s"
    }

    /// The starter spec's text for kind `name`; `replaces` when `name` is a built-in kind's.
    public static func text(name: String, replaces: String? = nil) -> String {
        let plural = plural(of: name)
        var lines = [
            "{",
            "  \"$schema\": \"\(KindSpecSchema.fileName)\",",
            "  \"description\": \"Records with \\\"kind\\\": \\\"\(name)\\\", or every record of \(plural).jsonl. "
                + "Each column is a field: --sort added, added<2020. search --kind-schema lists every key.\",",
            "  \"name\": \"\(name)\",",
            "  \"plural\": \"\(plural)\",",
        ]
        if let replaces { lines.append("  \"replaces\": \"\(replaces)\",") }
        lines += [
            "  \"columns\": [",
            "    { \"header\": \"Added\", \"path\": \"/added\", \"type\": \"date\", \"format\": \"date\", \"missing\": \"–\" },",
            "    { \"header\": \"Summary\", \"path\": \"/summary\", \"maxWidth\": 40, \"priority\": -10 }",
            "  ],",
            "  \"search\": [",
            "    { \"path\": \"/name\", \"weight\": 100 },",
            "    { \"path\": \"/summary\", \"weight\": 10 }",
            "  ]",
            "}",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes `NAME.kind.json` into `directory`, and the schema beside it
    /// unless the same schema is there already.
    /// - Parameters:
    ///   - name: The kind's name: lower-case letters, digits and `-`.
    ///   - directory: The folder to write into; it must exist.
    ///   - replaces: The built-in kind of that name, if there is one.
    /// - Returns: The paths written, or why nothing was (a spec of that name
    ///   is never overwritten).
    public static func write(name: String, in directory: String, replaces: String? = nil)
        -> Result<[String], KindSpecError>
    {
        guard KindSpecDecoder.isKindName(name) else {
            return .failure(
                KindSpecError(
                    file: name,
                    "not a kind name: use lower-case letters, digits and \"-\", starting with a letter (such as book)"))
        }
        let folder = directory.hasSuffix("/") ? directory : directory + "/"
        let specPath = folder + name + KindSpecLoader.fileSuffix
        if let problem = create(specPath, text: text(name: name, replaces: replaces), replacing: false) {
            return .failure(problem)
        }
        var written = [specPath]
        let schemaPath = folder + KindSpecSchema.fileName
        if case .success(let bytes) = KindSpecLoader.read(schemaPath), bytes == Array(KindSpecSchema.text.utf8) {
            return .success(written)
        }
        if let problem = create(schemaPath, text: KindSpecSchema.text, replacing: true) { return .failure(problem) }
        written.append(schemaPath)
        return .success(written)
    }

    /// Writes `text` to a new file at `path` (or over an existing one when
    /// `replacing`); the problem when it cannot.
    private static func create(_ path: String, text: String, replacing: Bool) -> KindSpecError? {
        let flags = O_WRONLY | O_CREAT | O_CLOEXEC | (replacing ? O_TRUNC : O_EXCL)
        let fd = open(path, flags, 0o644)
        guard fd >= 0 else {
            let code = errno
            let reason =
                code == EEXIST
                ? "already exists; edit it, or choose another name"
                : "cannot write: " + (strerror(code).map { String(cString: $0) } ?? "error \(code)")
            return KindSpecError(file: path, reason)
        }
        defer { close(fd) }
        let bytes = Array(text.utf8)
        var done = 0
        while done < bytes.count {
            let count = FileDescriptorBytes.write(fd, bytes, done..<bytes.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                let code = errno
                return KindSpecError(
                    file: path, "cannot write: " + (strerror(code).map { String(cString: $0) } ?? "error \(code)"))
            }
            done += count
        }
        return nil
    }
}
