import StreamingJSON
import Testing

/// Parsing with a ``ShortStringCache`` gives exactly what parsing without
/// one gives, however many records share (or collide in) its slots.
@Suite struct ShortStringCacheTests {
    /// Strings of every length around the 15-byte limit, ASCII and not, with
    /// and without escapes.
    static let texts: [String] = (0...20).flatMap(texts(ofLength:))

    static func texts(ofLength length: Int) -> [String] {
        let letters: [Character] = (0..<length).map { index in
            Character(UnicodeScalar(UInt8(97 + (index * 7) % 26)))
        }
        let escaped: String = length > 0 ? String(repeating: "q", count: length - 1) + "\\n" : "\\t"
        return [
            String(repeating: "k", count: length),
            String(letters),
            String(repeating: "é", count: length / 2),
            escaped,
        ]
    }

    func parse(_ text: String, cache: ShortStringCache?) throws -> JSONValue {
        var text = text
        return try text.withUTF8 { bytes in
            let raw = UnsafeRawBufferPointer(bytes)
            if let cache { return try JSONParser().parse(raw, cache: cache) }
            return try JSONParser().parse(raw)
        }
    }

    @Test func recordsParseTheSameWithAndWithoutTheCache() throws {
        let cache = ShortStringCache()
        for (index, text) in Self.texts.enumerated() {
            let other = Self.texts[(index * 5) % Self.texts.count]
            // Keys and values, numbers, and strings that end the input (so
            // that fewer than 16 bytes follow them).
            let documents = [
                #"{"\#(text)":"\#(other)","n":\#(index).25,"\#(other)":[1,"\#(text)"]}"#,
                #""\#(text)""#,
                "\(index)",
                #"["\#(other)","\#(text)"]"#,
            ]
            for document in documents {
                // Twice each: once to fill the cache, once to read from it.
                #expect(try parse(document, cache: cache) == parse(document, cache: nil))
                #expect(try parse(document, cache: cache) == parse(document, cache: nil))
            }
        }
    }

    @Test func manyDistinctShortStringsStillParseAsWritten() throws {
        // More strings than slots, so that slots are replaced.
        let cache = ShortStringCache()
        for number in 0..<5000 {
            let key = "key\(number % 1500)"
            let value = "v\(number)"
            let parsed = try parse(#"{"\#(key)":"\#(value)"}"#, cache: cache)
            #expect(parsed == .object(JSONObject([JSONObject.Member(key: key, value: .string(value))])))
        }
    }
}
