/// The semantic style of a cell: drawn with ANSI colours after layout, and only
/// when colour is on.
public enum CellStyle: Sendable, Hashable, CaseIterable {
    /// No styling.
    case plain
    /// Bold (SGR 1).
    case bold
    /// Dim (SGR 2).
    case dim
    /// Red foreground (SGR 31).
    case red
    /// Green foreground (SGR 32).
    case green
    /// Yellow foreground (SGR 33).
    case yellow
    /// Blue foreground (SGR 34).
    case blue
    /// Magenta foreground (SGR 35).
    case magenta
    /// Cyan foreground (SGR 36).
    case cyan

    /// The SGR parameter of the style, or `nil` for ``plain``.
    var sgrParameter: String? {
        switch self {
        case .plain: nil
        case .bold: "1"
        case .dim: "2"
        case .red: "31"
        case .green: "32"
        case .yellow: "33"
        case .blue: "34"
        case .magenta: "35"
        case .cyan: "36"
        }
    }
}
