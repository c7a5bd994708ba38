/// What any text bound for a terminal must satisfy.
public enum TerminalSafety {
    /// The first scalar of `text` that could act on a terminal: a C0 or C1
    /// control other than the line feed (ESC and the C1 CSI included, so no
    /// escape sequence gets through), or a line separator or bidi control.
    /// - Parameter text: Rendered output with colour off.
    /// - Returns: The offending scalar value, or `nil` when there is none.
    public static func firstControl(in text: String) -> UInt32? {
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: continue
            case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069:
                return scalar.value
            default: continue
            }
        }
        return nil
    }
}
