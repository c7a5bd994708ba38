public import ResultKit

/// What ``KindSpecLoader/load(directories:defaultDirectory:referenceTime:)``
/// found: the valid specs and every error.
public struct KindSpecLoadResult: Sendable {
    /// The valid specs, in the order their files were read.
    public var specs: [KindSpec] = []
    /// Every problem found, in the order found.
    public var errors: [KindSpecError] = []
    /// What was passed over without being an error: the optional folder's
    /// path running through a file (`XDG_CONFIG_HOME` set to a file), which
    /// counts as a missing folder.
    public var warnings: [KindSpecError] = []

    /// The kinds the valid specs describe.
    public var kinds: [ResultKind] { specs.map(\.kind) }

    /// Drops every spec whose name or plural an earlier spec already claims,
    /// with an error naming both files.
    mutating func removeDuplicateNames() {
        var owners: [String: String] = [:]
        var kept: [KindSpec] = []
        for spec in specs {
            let names = Set([spec.name, spec.plural])
            if let clash = names.sorted().first(where: { owners[$0] != nil }), let owner = owners[clash] {
                errors.append(
                    KindSpecError(file: spec.file, field: "name", "kind \"\(clash)\" is already defined by \(owner)")
                )
                continue
            }
            for name in names { owners[name] = spec.file }
            kept.append(spec)
        }
        specs = kept
    }
}
