public import ResultKit

extension KindSpecLoader {
    /// Joins the kinds built into the program with the kinds of specs.
    ///
    /// A spec may take the place of a built-in kind only by saying so with
    /// `"replaces": "<name>"`; the built-in kind is then left out. Any other
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
        for spec in accepted {
            let clashes = [("name", spec.name), ("plural", spec.plural)].compactMap { field, value in
                claimed[value.lowercased()].map { (field, value, $0) }
            }
            guard let (field, value, module) = clashes.first else {
                specKinds.append(spec.kind)
                continue
            }
            var message = "kind \"\(value)\" is already defined by \(module.origin)"
            if spec.replaces == nil {
                message += "; to override it, add \"replaces\": \"\(module.name)\""
            }
            errors.append(KindSpecError(file: spec.file, field: field, message))
        }
        return KindSpecMergeResult(kinds: kept + specKinds, errors: errors)
    }
}
