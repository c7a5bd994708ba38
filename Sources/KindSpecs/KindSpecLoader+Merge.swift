public import ResultKit

extension KindSpecLoader {
    /// Joins the kinds built into the program with the kinds of specs.
    ///
    /// A spec may take the place of a built-in kind only by saying so with
    /// `"replaces": "<name>"`; the built-in kind is then left out, and its
    /// bundled sample is the spec's when the spec keeps its name. Any other
    /// spec whose name or plural is a built-in kind's name or plural is an
    /// error naming both sources, and the spec is left out.
    /// - Parameters:
    ///   - modules: The built-in kinds, usually those the build registered.
    ///   - specs: Valid specs, usually ``KindSpecLoadResult/specs``.
    /// - Returns: The kinds to register, and every clash.
    public static func merge(modules: [ResultKind], specs: [KindSpec]) -> KindSpecMergeResult {
        var errors: [KindSpecError] = []
        var replacedBy: [String: String] = [:]
        var accepted: [KindSpec] = []
        let builtInNames = modules.map(\.name).sorted().joined(separator: ", ")
        for spec in specs {
            guard let target = spec.replaces else {
                accepted.append(spec)
                continue
            }
            guard let module = modules.first(where: { $0.name.lowercased() == target.lowercased() }) else {
                errors.append(
                    KindSpecError(
                        file: spec.file,
                        field: "replaces",
                        "no built-in kind is named \"\(target)\" (built-in kinds: \(builtInNames))"
                    )
                )
                continue
            }
            if let other = replacedBy[module.name] {
                errors.append(
                    KindSpecError(
                        file: spec.file, field: "replaces", "\(module.origin) is already replaced by \(other)")
                )
                continue
            }
            replacedBy[module.name] = spec.file
            accepted.append(spec)
        }
        let kept = modules.filter { replacedBy[$0.name] == nil }
        var claimed: [String: ResultKind] = [:]
        for module in kept {
            claimed[module.name.lowercased()] = module
            claimed[module.plural.lowercased()] = module
        }
        var specKinds: [ResultKind] = []
        var used: [KindSpec] = []
        var notes: [KindSpecError] = []
        for spec in accepted {
            let clashes = [("name", spec.name), ("plural", spec.plural)].compactMap { field, value in
                claimed[value.lowercased()].map { (field, value, $0) }
            }
            guard let (field, value, module) = clashes.first else {
                // The replaced kind's sample stays, under the new spec, when
                // its records (which name their kind) still name this one.
                var sample: BundledSample?
                if let replaced = spec.replaces.flatMap({ name in modules.first { $0.name == name } }),
                    let kept = replaced.sample
                {
                    if replaced.name == spec.name {
                        sample = kept
                    } else {
                        notes.append(
                            KindSpecError(
                                file: spec.file, field: "replaces",
                                "the bundled \(kept.fileName) of \(replaced.origin) is not kept: its records say "
                                    + "\"kind\": \"\(replaced.name)\", and this kind is \"\(spec.name)\""))
                    }
                }
                specKinds.append(spec.kind(sample: sample))
                used.append(spec)
                continue
            }
            var message = "kind \"\(value)\" is already defined by \(module.origin)"
            if spec.replaces == nil {
                message += "; to override it, add \"replaces\": \"\(module.name)\""
            }
            errors.append(KindSpecError(file: spec.file, field: field, message))
        }
        return KindSpecMergeResult(kinds: kept + specKinds, specs: used, errors: errors, notes: notes)
    }
}
