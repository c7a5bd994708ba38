import TestSupport
import Testing

@testable import SearchEngine

/// Paths are bytes until shown: any bytes decode to a path that encodes back
/// to the very bytes, and show each byte that is not UTF-8 as `\xFF`.
@Suite struct FilePathBytesTests {
    @Test func anyBytesComeBackAsTheyWere() {
        var generator = SplitMix64(state: 16)
        for _ in 0..<2_000 {
            let count = Int(generator.next() % 24)
            let bytes = (0..<count).map { _ in
                // Mostly bytes around the edges of UTF-8, never NUL or `/`.
                let pool: [UInt8] = [
                    0x41, 0x2E, 0x80, 0xBF, 0xC0, 0xC2, 0xE0, 0xED, 0xA0, 0xF0, 0xF4, 0x90, 0xFF, 0xFE,
                ]
                return pool[Int(generator.next() % UInt64(pool.count))]
            }
            let path = FilePathBytes.decode(bytes)
            #expect(FilePathBytes.encode(path) == bytes, "\(bytes)")
        }
    }

    @Test func validUTF8IsLeftAsItIs() {
        let name = "café/日本/🙂.jsonl"
        #expect(FilePathBytes.decode(Array(name.utf8)) == name)
        #expect(FilePathBytes.encode(name) == Array(name.utf8))
        #expect(FilePathBytes.display(name) == name)
    }

    @Test func bytesThatAreNotUTF8AreShownEscaped() {
        let path = FilePathBytes.decode([0x78, 0xFF] + Array(".jsonl".utf8))
        #expect(FilePathBytes.display(path) == "x\\xFF.jsonl")
        // An overlong form and a surrogate are not UTF-8 either.
        #expect(
            FilePathBytes.display(FilePathBytes.decode([0xC0, 0xAF, 0xED, 0xA0, 0x80])) == "\\xC0\\xAF\\xED\\xA0\\x80")
    }
}
