/// How a column cuts a value too wide for it, when cutting it at the end
/// would lose what tells it apart: a host's end (`queencre….com`), or the
/// field an `--explain` reason names.
public struct CutRule: Sendable {
    /// For a value (a cell's sanitised first line), how many characters
    /// (grapheme clusters) at its end are always kept when it is cut: it is
    /// then cut in the middle, what is left shared between its start and
    /// the rest of its end. `nil` cuts the value at the end.
    public var keptEnd: @Sendable (String) -> Int?
    /// Whether the column is made wide enough, when the width allows, that
    /// two different values it cuts in the middle never read alike: for an
    /// identity column (NAME), where `queen…club.com` could stand for two hosts.
    public var keepsApart: Bool
    /// Whether the width left after the kept end all goes to the value's
    /// start (a reason: `prefix… in name`), rather than half to its start
    /// and half to more of its end (a host: `queenc…eling.com`).
    public var restToStart: Bool

    /// Creates a rule.
    /// - Parameters:
    ///   - keptEnd: How many characters at the end of a value are kept when
    ///     it is cut, or `nil` for a value cut at the end.
    ///   - keepsApart: `true` to keep different values cut in the middle apart.
    ///   - restToStart: `true` to give the start all the width the kept end leaves.
    public init(keptEnd: @escaping @Sendable (String) -> Int?, keepsApart: Bool = false, restToStart: Bool = false) {
        self.keptEnd = keptEnd
        self.keepsApart = keepsApart
        self.restToStart = restToStart
    }
}
