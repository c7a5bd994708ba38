/// Byte values of the ASCII characters that JSON syntax uses.
enum ASCII {
    static let tab: UInt8 = 0x09
    static let newline: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let quote: UInt8 = 0x22
    static let plus: UInt8 = 0x2B
    static let comma: UInt8 = 0x2C
    static let minus: UInt8 = 0x2D
    static let period: UInt8 = 0x2E
    static let slash: UInt8 = 0x2F
    static let zero: UInt8 = 0x30
    static let nine: UInt8 = 0x39
    static let colon: UInt8 = 0x3A
    static let openBracket: UInt8 = 0x5B
    static let backslash: UInt8 = 0x5C
    static let closeBracket: UInt8 = 0x5D
    static let lowerE: UInt8 = 0x65
    static let openBrace: UInt8 = 0x7B
    static let closeBrace: UInt8 = 0x7D
    static let delete: UInt8 = 0x7F

    /// Whether `byte` is `0`–`9`.
    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool {
        byte &- zero < 10
    }

    /// Whether `byte` is JSON whitespace: space, tab, line feed or carriage return.
    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == space || byte == newline || byte == carriageReturn || byte == tab
    }

    /// The value of a hexadecimal digit, or `nil`.
    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: UInt32(byte - 0x30)
        case 0x41...0x46: UInt32(byte - 0x41 + 10)
        case 0x61...0x66: UInt32(byte - 0x61 + 10)
        default: nil
        }
    }

    /// The value of the four hex digits at `index`, or `nil` when there are
    /// not four hex digits before the end of `bytes`.
    @inline(__always)
    static func hexQuad(_ bytes: Span<UInt8>, at index: Int) -> UInt32? {
        guard index + 4 <= bytes.count,
            let a = hexValue(bytes[index]),
            let b = hexValue(bytes[index + 1]),
            let c = hexValue(bytes[index + 2]),
            let d = hexValue(bytes[index + 3])
        else { return nil }
        return a << 12 | b << 8 | c << 4 | d
    }

    /// How a byte reads in an error message: `'x'` for printable ASCII,
    /// `NUL`, `U+0001` for other control characters, `byte 0xC3` otherwise.
    static func describe(_ byte: UInt8) -> String {
        switch byte {
        case 0: "NUL byte"
        case 0x01..<0x20, delete: "control character U+" + hex(UInt32(byte), digits: 4)
        case 0x80...: "byte 0x" + hex(UInt32(byte), digits: 2)
        default: "'" + String(UnicodeScalar(byte)) + "'"
        }
    }

    /// `value` in upper-case hexadecimal, padded with zeros to `digits`.
    static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
