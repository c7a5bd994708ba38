import Testing

@testable import StreamingJSON

/// ``JSONObject``'s lookup compares short ASCII keys by their bits
/// (``SmallASCIIKey``). Checked against `String.==` and against the plain
/// rule (the last member whose key is `==` to the one asked for), on keys
/// made in every way a string can be: literals, decoded bytes, parsed
/// records, grown buffers, and canonically equivalent spellings.
@Suite struct SmallASCIIKeyTests {
    @Test func theKeyIsWhereTheLookupReadsIt() {
        #expect(MemoryLayout<JSONObject.Member>.offset(of: \.key) == SmallASCIIKey.keyOffset)
    }

    /// The same texts made in different ways.
    static func spellings(of text: String) -> [String] {
        var grown = String()
        grown.reserveCapacity(64)
        grown += text
        var appended = ""
        for character in text { appended.append(character) }
        return [
            text, String(decoding: Array(text.utf8), as: UTF8.self), grown, appended, String(text[...]),
            text.isEmpty ? text : String(text.dropFirst(0)),
        ]
    }

    static let texts = [
        "", "a", "kind", "Kind", "kinD", "name", "price", "rating", "description", "descriptioN", "currency",
        "123456789012345", "1234567890123456", "12345678901234", "\u{212A}ind", "caf\u{E9}", "cafe\u{301}", "na\u{0}me",
        "ñ", "名前", "key with spaces", "a key well past the fifteen bytes",
    ]

    @Test func bitsAreEqualExactlyWhenStringsAre() {
        let all = Self.texts.flatMap(Self.spellings)
        for a in all {
            for b in all {
                if let x = SmallASCIIKey(a), let y = SmallASCIIKey(b) {
                    #expect((x == y) == (a == b), "\(a.debugDescription) \(b.debugDescription)")
                }
            }
        }
        // Short ASCII keys have bits; the others are compared as strings.
        #expect(SmallASCIIKey("price") != nil)
        #expect(SmallASCIIKey("123456789012345") != nil)
        #expect(SmallASCIIKey("1234567890123456") == nil)
        #expect(SmallASCIIKey("caf\u{E9}") == nil)
        #expect(SmallASCIIKey("\u{212A}ind") == nil)
    }

    /// `matches` answers from the bits only for a short ASCII string, and
    /// then as `String.==` does; for any other string it leaves the answer
    /// to `String.==` (a key of another form may be canonically equivalent).
    @Test func matchesAnswersAsStringEqualityOrNotAtAll() {
        let all = Self.texts.flatMap(Self.spellings)
        for a in all {
            guard let key = SmallASCIIKey(a) else { continue }
            for b in all {
                let answer = key.matches(b)
                if SmallASCIIKey(b) != nil {
                    #expect(answer == (a == b), "\(a.debugDescription) \(b.debugDescription)")
                } else {
                    #expect(answer == nil, "\(a.debugDescription) \(b.debugDescription)")
                }
            }
        }
    }

    @Test func lookupAgreesWithThePlainRuleOnRandomObjects() throws {
        let pool = Self.texts.flatMap(Self.spellings)
        var state: UInt64 = 0x0B1E_C7
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for round in 0..<3_000 {
            var members: [JSONObject.Member] = []
            for index in 0..<next(12) {
                members.append(JSONObject.Member(key: pool[next(pool.count)], value: .number("\(round).\(index)")))
            }
            let object = JSONObject(members)
            for key in pool {
                #expect(object[key] == members.last(where: { $0.key == key })?.value, "\(key.debugDescription)")
            }
        }
        // Keys as the parser makes them, looked up by literals.
        let text = #"{"kind":"a","Kind":"b","\u212Aind":"c","price":1,"cafe\u0301":2,"description":"d"}"#
        guard case .object(let parsed) = try JSONParser().parse(Array(text.utf8)) else {
            Issue.record("not an object")
            return
        }
        for key in pool {
            #expect(parsed[key] == parsed.members.last(where: { $0.key == key })?.value, "\(key.debugDescription)")
        }
        #expect(parsed["Kind"] == .string("c"))
        #expect(parsed["kind"] == .string("a"))
        #expect(parsed["café"] == .number("2"))
    }

    /// Short ASCII strings made from their bytes are the strings Swift makes
    /// of them, bit for bit, for every length and random bytes.
    @Test func stringsMadeFromBytesAreTheStringsSwiftMakes() throws {
        var state: UInt64 = 0x57_21_6E_67
        for round in 0..<20_000 {
            let count = round % 16
            var bytes: [UInt8] = []
            for _ in 0..<count {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bytes.append(UInt8(truncatingIfNeeded: state >> 33) & 0x7F)
            }
            var low: UInt64 = 0
            var high: UInt64 = 0
            for (index, byte) in bytes.enumerated() {
                if index < 8 { low |= UInt64(byte) << (8 * index) } else { high |= UInt64(byte) << (8 * (index - 8)) }
            }
            let made = try #require(SmallASCIIKey.string(low: low, high: high, count: count))
            let swift = String(decoding: bytes, as: UTF8.self)
            #expect(unsafeBitCast(made, to: (UInt64, UInt64).self) == unsafeBitCast(swift, to: (UInt64, UInt64).self))
            #expect(made == swift && Array(made.utf8) == bytes && made.hashValue == swift.hashValue)
        }
        #expect(SmallASCIIKey.string(low: 0, high: 0, count: 16) == nil)
    }

    /// Strings held in place (up to 15 bytes) and literals hold no
    /// reference; strings with storage of their own do, however short
    /// their text (a grown buffer). `ReusedMembers` writes over values by
    /// this answer without releasing them: a wrong `true` would leak.
    @Test func whatHoldsNoReferenceIsWhatSwiftHoldsInPlaceOrStatically() {
        for text in Self.texts {
            let decoded = String(decoding: Array(text.utf8), as: UTF8.self)
            #expect(SmallASCIIKey.holdsNoReference(decoded) == (text.utf8.count <= 15), "\(text.debugDescription)")
            var grown = String()
            grown.reserveCapacity(64)
            grown += text
            #expect(!SmallASCIIKey.holdsNoReference(grown) || text.isEmpty, "\(text.debugDescription)")
        }
        #expect(SmallASCIIKey.holdsNoReference("a literal well past the fifteen bytes"))
        #expect(SmallASCIIKey.holdsNoReference(""))
        let long = String(repeating: "long ", count: 9)
        #expect(!SmallASCIIKey.holdsNoReference(long))
        #expect(JSONValue.null.holdsNoReference && JSONValue.bool(false).holdsNoReference)
        #expect(JSONValue.string("short").holdsNoReference && JSONValue.number("4.99").holdsNoReference)
        #expect(!JSONValue.string(long).holdsNoReference && !JSONValue.number(long).holdsNoReference)
        #expect(!JSONValue.array([]).holdsNoReference && !JSONValue.object(JSONObject()).holdsNoReference)
    }
}
