public import ResultKit

/// Where records come from.
public enum DataSource: Sendable {
    /// A file or a directory of data files, as the user named it.
    case path(String)
    /// Standard input.
    case standardInput
    /// A kind's bundled sample.
    case bundled(BundledSample, kind: String)

    /// The name used in messages: the path, `<stdin>` or `<bundled>/file`.
    public var displayName: String {
        switch self {
        case .path(let path): FilePathBytes.display(path)
        case .standardInput: "<stdin>"
        case .bundled(let sample, _): "<bundled>/\(sample.fileName)"
        }
    }
}
