/// File paths are bytes until they are shown.
///
/// A Linux file name may be any bytes but `/` and NUL, so it need not be
/// valid UTF-8, while a Swift `String` always is. Paths travel as strings in
/// which every byte that is not part of valid UTF-8 stands as one private-use
/// scalar, U+10FF00 plus the byte (as Python's `surrogateescape` does with
/// lone surrogates, which a Swift string cannot hold). Decoding and encoding
/// give back the very bytes, so such a file can be opened, and messages show
/// each such byte as `\xFF`.
package enum FilePathBytes {
    /// The scalar that stands for byte `0x80 + n` is U+10FF80 + n.
    private static let escapeBase: UInt32 = 0x10_FF00

    /// The path whose bytes are `bytes`.
    package static func decode(_ bytes: some Collection<UInt8>) -> String {
        let bytes = Array(bytes)
        if let valid = String(validating: bytes, as: UTF8.self) { return valid }
        var scalars = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            if let (scalar, length) = Self.scalar(in: bytes, at: index) {
                scalars.append(scalar)
                index += length
            } else {
                scalars.append(Unicode.Scalar(escapeBase + UInt32(bytes[index]))!)
                index += 1
            }
        }
        return String(scalars)
    }

    /// The bytes of `path`, as the system names the file.
    package static func encode(_ path: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count)
        for scalar in path.unicodeScalars {
            if scalar.value >= escapeBase + 0x80 && scalar.value <= escapeBase + 0xFF {
                bytes.append(UInt8(scalar.value - escapeBase))
            } else {
                bytes.append(contentsOf: String(scalar).utf8)
            }
        }
        return bytes
    }

    /// `path` as the NUL-terminated bytes a system call takes (`open`,
    /// `stat`, `opendir`): pass the array where the call asks for a C string.
    package static func cString(_ path: String) -> [CChar] {
        var bytes = encode(path).map { CChar(bitPattern: $0) }
        bytes.append(0)
        return bytes
    }

    /// `path` as shown to a person: each byte that is not UTF-8 as `\xFF`.
    package static func display(_ path: String) -> String {
        guard path.unicodeScalars.contains(where: { $0.value >= escapeBase + 0x80 }) else { return path }
        var shown = ""
        for scalar in path.unicodeScalars {
            if scalar.value >= escapeBase + 0x80 && scalar.value <= escapeBase + 0xFF {
                let byte = String(scalar.value - escapeBase, radix: 16, uppercase: true)
                shown += "\\x" + byte
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }

    /// The scalar of the valid UTF-8 sequence at `index`, and its length.
    private static func scalar(in bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
        let lead = bytes[index]
        let length: Int
        var value: UInt32
        switch lead {
        case 0x00...0x7F: return (Unicode.Scalar(lead), 1)
        case 0xC2...0xDF:
            length = 2
            value = UInt32(lead & 0x1F)
        case 0xE0...0xEF:
            length = 3
            value = UInt32(lead & 0x0F)
        case 0xF0...0xF4:
            length = 4
            value = UInt32(lead & 0x07)
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        // Overlong forms, surrogates and values past U+10FFFF are not UTF-8.
        let smallest: UInt32 = length == 3 ? 0x800 : length == 4 ? 0x1_0000 : 0x80
        guard value >= smallest, let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, length)
    }
}
