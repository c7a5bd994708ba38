/// The kinds a search knows, by name. A value passed into the engine, never a
/// process-wide global, so that each test and each tool builds its own.
public struct KindRegistry: Sendable {
    /// The registered kinds, sorted by name.
    public let kinds: [ResultKind]
    private let byName: [String: Int]
    private let byPlural: [String: Int]

    /// Registers `kinds`.
    /// - Throws: ``KindRegistryError/duplicateName(_:_:_:)`` when two kinds share a
    ///   name or a plural: a programmer error, reported at start-up.
    public init(_ kinds: [ResultKind]) throws(KindRegistryError) {
        let sorted = kinds.sorted { $0.name < $1.name }
        var byName: [String: Int] = [:]
        var byPlural: [String: Int] = [:]
        for (index, kind) in sorted.enumerated() {
            let key = kind.name.lowercased()
            if let other = byName[key] ?? byPlural[key] {
                throw .duplicateName(kind.name, sorted[other].origin, kind.origin)
            }
            byName[key] = index
            let plural = kind.plural.lowercased()
            if plural != key {
                if let other = byName[plural] ?? byPlural[plural] {
                    throw .duplicateName(kind.plural, sorted[other].origin, kind.origin)
                }
                byPlural[plural] = index
            }
        }
        self.kinds = sorted
        self.byName = byName
        self.byPlural = byPlural
    }

    /// The kind with this name or plural, ignoring case.
    public func kind(named name: String) -> ResultKind? {
        if let index = byName[name] { return kinds[index] }
        let key = name.lowercased()
        guard let index = byName[key] ?? byPlural[key] else { return nil }
        return kinds[index]
    }

    /// The kind a file's name implies: `products.jsonl` and `product.csv`
    /// both mean `product`. `nil` when the stem names no registered kind.
    public func kindName(forFile path: String) -> String? {
        guard let stem = Self.stem(of: path) else { return nil }
        return kind(named: stem)?.name
    }

    /// The part of a file name before its first dot, without directories.
    static func stem(of path: String) -> String? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let stem = name.split(separator: ".").first, !stem.isEmpty else { return nil }
        return String(stem)
    }
}

/// A mistake in the set of registered kinds.
public enum KindRegistryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Two kinds claim the same name: the name, then both origins.
    case duplicateName(String, String, String)

    public var description: String {
        switch self {
        case .duplicateName(let name, let first, let second):
            "kind '\(name)' is registered twice: by \(first) and by \(second); rename one of them"
        }
    }
}
