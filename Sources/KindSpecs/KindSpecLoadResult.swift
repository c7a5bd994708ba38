public import ResultKit

/// What ``KindSpecLoader/load(directories:defaultDirectory:referenceTime:)``
/// found: the valid specs and every problem.
public struct KindSpecLoadResult: Sendable {
    /// The valid specs in use, in the order their layers were read: a spec
    /// a later layer redefines is left out.
    public var specs: [KindSpec] = []
    /// Every problem found in a folder the user named, in the order found.
    public var errors: [KindSpecError] = []
    /// What was passed over without being an error: every problem of the
    /// config folder's files (which are left out), and that folder's path
    /// running through a file (`XDG_CONFIG_HOME` set to a file).
    public var warnings: [KindSpecError] = []
    /// A spec of a later layer that redefines one of an earlier layer,
    /// naming both files.
    public var notes: [KindSpecError] = []
    /// The files of the specs read from the config folder, whose problems
    /// are warnings.
    var optionalFiles = Set<String>()

    /// The kinds the valid specs describe.
    public var kinds: [ResultKind] { specs.map(\.kind) }

    mutating func add(_ problems: [KindSpecError], named: Bool) {
        if named { errors += problems } else { warnings += problems }
    }

    /// Adds a layer's specs: one whose name an earlier layer's spec has
    /// takes its place, with a note; one whose name or plural an earlier
    /// spec of another name claims is an error naming both files.
    mutating func addLayer(_ layer: [KindSpec]) {
        for spec in layer {
            if let index = specs.firstIndex(where: { $0.name == spec.name }) {
                notes.append(
                    KindSpecError(
                        file: spec.file, "kind \"\(spec.name)\" redefines the one of \(specs[index].file)"))
                specs.remove(at: index)
            }
            let names = Set([spec.name, spec.plural])
            if let other = specs.first(where: { !names.isDisjoint(with: [$0.name, $0.plural]) }) {
                let clash = names.intersection([other.name, other.plural]).sorted()[0]
                let problem = KindSpecError(
                    file: spec.file, field: "name", "kind \"\(clash)\" is already defined by \(other.file)")
                if optionalFiles.contains(spec.file) { warnings.append(problem) } else { errors.append(problem) }
                continue
            }
            specs.append(spec)
        }
    }
}
