import RawBytes
import Testing

/// A string written in place through an output span: exactly the bytes
/// written, however much room was asked for, and ill-formed UTF-8 repaired
/// as `String(decoding:as:)` repairs it.
@Suite struct StringOutputSpanTests {
    static let pieces: [[String]] = [
        [], [""], ["a"], ["key", "=", "value"], ["fifteen bytes!!", "!"], ["café", " ", "東京都"],
        ["👩‍👩‍👧‍👦", " family"], [String(repeating: "long text ", count: 40)],
    ]

    @Test(arguments: pieces)
    func aStringHoldsTheBytesWritten(pieces: [String]) {
        let expected = pieces.joined()
        for spare in [0, 1, 64] {
            let text = String(utf8Capacity: expected.utf8.count + spare) { output in
                for piece in pieces { piece.withUTF8Bytes { output.append(copying: $0) } }
            }
            #expect(text == expected)
            #expect(text.utf8.count == expected.utf8.count)
        }
    }

    @Test(arguments: [[0xFF], [0x61, 0xC3], [0xE6, 0x9D, 0x61], [0xED, 0xA0, 0x80]] as [[UInt8]])
    func illFormedBytesAreRepaired(bytes: [UInt8]) {
        let text = String(utf8Capacity: bytes.count) { output in output.append(copying: bytes.span) }
        #expect(text == String(decoding: bytes, as: UTF8.self))
        #expect(text.unicodeScalars.contains("\u{FFFD}"))
    }

    @Test func nothingWrittenIsTheEmptyString() {
        #expect(String(utf8Capacity: 32) { _ in }.isEmpty)
    }
}
