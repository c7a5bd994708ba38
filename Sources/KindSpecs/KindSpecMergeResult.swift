public import ResultKit

/// What ``KindSpecLoader/merge(modules:specs:)`` (or
/// ``KindSpecLoader/loadKinds(builtIn:directories:defaultDirectory:referenceTime:)``) decided.
public struct KindSpecMergeResult: Sendable {
    /// The kinds to register: built-in kinds not replaced, then spec kinds.
    public var kinds: [ResultKind]
    /// The specs whose kinds are among ``kinds``.
    public var specs: [KindSpec] = []
    /// Every clash between a spec and a built-in kind (and, from
    /// `loadKinds`, every problem of a folder the user named).
    public var errors: [KindSpecError]
    /// From `loadKinds`: the problems of the config folder's files, which
    /// are left out.
    public var warnings: [KindSpecError] = []
    /// What is worth knowing but changes nothing: a spec that redefines
    /// another, a replaced kind's sample left out.
    public var notes: [KindSpecError] = []
}
