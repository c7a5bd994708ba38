public import ResultKit

/// What ``KindSpecLoader/merge(modules:specs:)`` decided.
public struct KindSpecMergeResult: Sendable {
    /// The kinds to register: built-in kinds not replaced, then spec kinds.
    public var kinds: [ResultKind]
    /// Every clash between a spec and a built-in kind.
    public var errors: [KindSpecError]
}
