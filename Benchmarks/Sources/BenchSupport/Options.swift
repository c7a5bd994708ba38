import Glibc

/// A minimal `--name value` parser for the benchmark programs.
public struct Options: Sendable {
    /// One accepted option.
    public struct Spec: Sendable {
        /// The option, with its dashes: `--records`.
        public var name: String
        /// The placeholder of its value, or `nil` for a flag.
        public var value: String?
        /// What it means, with its default.
        public var help: String

        /// An option `name` taking `value` (or a flag when `value` is `nil`).
        public init(_ name: String, value: String? = nil, help: String) {
            self.name = name
            self.value = value
            self.help = help
        }
    }

    private var values: [String: String] = [:]
    private var flags: Set<String> = []

    /// Parses `arguments` (without the program name) against `specs`.
    /// - Throws: ``BenchmarkError`` for an unknown option or a missing value.
    public init(_ arguments: [String], specs: [Spec]) throws(BenchmarkError) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            var name = argument
            var inline: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            guard let spec = specs.first(where: { $0.name == name }) else {
                throw BenchmarkError("unknown option '\(argument)'; see --help")
            }
            if spec.value == nil {
                flags.insert(name)
            } else if let value = inline ?? remaining.popFirst() {
                values[name] = value
            } else {
                throw BenchmarkError("\(name) needs a value")
            }
        }
    }

    /// Whether the flag `name` was given.
    public func isSet(_ name: String) -> Bool {
        flags.contains(name)
    }

    /// The value of `name`, or `fallback`.
    public func string(_ name: String, default fallback: String) -> String {
        values[name] ?? fallback
    }

    /// The value of `name`, or `nil`.
    public func string(_ name: String) -> String? {
        values[name]
    }

    /// The value of `name` as a positive integer (`_` separators allowed), or `fallback`.
    /// - Throws: ``BenchmarkError`` when the value is not a positive integer.
    public func count(_ name: String, default fallback: Int) throws(BenchmarkError) -> Int {
        guard let text = values[name] else { return fallback }
        guard let value = Int(text.filter { $0 != "_" && $0 != "," }), value > 0 else {
            throw BenchmarkError("\(name) needs a positive integer, not '\(text)'")
        }
        return value
    }

    /// The value of `name` as a list of positive integers separated by
    /// commas (`1000000,4000000`; `_` separators allowed); empty for `none`.
    /// - Throws: ``BenchmarkError`` when an item is not a positive integer.
    public func counts(_ name: String, default fallback: [Int]) throws(BenchmarkError) -> [Int] {
        guard let text = values[name] else { return fallback }
        if text == "none" || text.isEmpty { return [] }
        var result: [Int] = []
        for item in text.split(separator: ",") {
            guard let value = Int(item.filter { $0 != "_" }), value > 0 else {
                throw BenchmarkError("\(name) needs positive integers separated by commas, not '\(text)'")
            }
            result.append(value)
        }
        return result
    }

    /// The usage text: `usage` and then one line per option.
    public static func help(_ usage: String, specs: [Spec]) -> String {
        var table = TextTable(headers: ["OPTION", "MEANING"])
        for spec in specs {
            table.append([spec.name + (spec.value.map { " <\($0)>" } ?? ""), spec.help])
        }
        return usage + "\n\n" + table.render()
    }
}

extension Options.Spec {
    /// `--search PATH`, which every program takes.
    public static let search = Options.Spec(
        "--search", value: "PATH", help: "the search binary (default: the root package's release build)")
    /// `--data-dir DIR`, for the programs that generate data files.
    public static let dataDirectory = Options.Spec(
        "--data-dir", value: "DIR", help: "where generated files are kept and reused (default $TMPDIR or /tmp)")
    /// `-h` and `--help`, which every program takes.
    public static let help = [Options.Spec("-h", help: "this help"), Options.Spec("--help", help: "this help")]
}

extension Options {
    /// Whether `-h` or `--help` was given.
    public var wantsHelp: Bool { isSet("--help") || isSet("-h") }

    /// `--data-dir`, else `$TMPDIR`, else `/tmp`.
    public var dataDirectory: String {
        string("--data-dir") ?? getenv("TMPDIR").map { String(cString: $0) } ?? "/tmp"
    }
}
