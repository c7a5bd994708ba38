import ResultKit
import StreamingJSON
import Testing

/// Numbers read by kinds' decoders: the short decimal path must give the
/// very `Double` that the general conversion gives.
@Suite struct JSONObjectDecodingTests {
    static let numbers = [
        "0", "-0", "0.0", "1", "4.99", "9477.99", "389.00", "156000", "0.1", "0.3", "2.675", "-12.5",
        "999999999999999", "123456789012345", "0.00000000000001", "1234567.891", "4.35", "8.875",
    ]

    @Test(arguments: numbers)
    func aShortDecimalReadsAsTheGeneralConversionReadsIt(text: String) throws {
        let fast = try #require(JSONObject.shortDecimal(text))
        let general = try #require(Double(text))
        #expect(fast.bitPattern == general.bitPattern)
        let object = JSONObject([JSONObject.Member(key: "price", value: .number(text))])
        #expect(try object.optionalNumber("price") == general)
    }

    @Test func everyCentAmountUpToTenThousandReadsExactlyAsTheGeneralConversion() {
        var mismatches: [String] = []
        for cents in 0...1_000_000 {
            let text = "\(cents / 100).\(cents % 100 < 10 ? "0" : "")\(cents % 100)"
            if JSONObject.shortDecimal(text)?.bitPattern != Double(text)?.bitPattern { mismatches.append(text) }
        }
        #expect(mismatches.isEmpty)
    }

    @Test(arguments: ["1e5", "1.5E-3", "1234567890123456", "12345678901234567890", "1.", "-", "", "1.2.3", "0x10"])
    func otherFormsAreLeftToTheGeneralConversion(text: String) throws {
        #expect(JSONObject.shortDecimal(text) == nil)
    }

    /// The forms a short decimal takes, by the rule (an optional minus, 1
    /// to 15 digits in all, an optional point with digits on both sides),
    /// against texts made at random of digits, points, minuses and other
    /// bytes of numbers: each form reads exactly as the general
    /// conversion reads it, and every other text is left to it.
    @Test func randomTextsReadAsTheRuleSays() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("0123456789012345678901234567890123456789..--e+ x")
        var mismatches: [String] = []
        for _ in 0..<200_000 {
            let length = Int.random(in: 0...20, using: &generator)
            let text = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
            let expected = Self.isShortDecimal(text) ? Double(text) : nil
            if JSONObject.shortDecimal(text)?.bitPattern != expected?.bitPattern { mismatches.append(text) }
        }
        #expect(mismatches.isEmpty)
    }

    /// The rule, read from the text's parts.
    private static func isShortDecimal(_ text: String) -> Bool {
        let unsigned = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        let parts = unsigned.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }) else {
            return false
        }
        return parts.reduce(0) { $0 + $1.count } <= 15
    }

    @Test func longAndExponentNumbersStillRead() throws {
        let object = JSONObject([
            JSONObject.Member(key: "a", value: .number("1234567890123456789")),
            JSONObject.Member(key: "b", value: .number("2.5e3")),
        ])
        // The nearest Double, as the general conversion gives it.
        #expect(try object.optionalNumber("a") == Double("1234567890123456789"))
        #expect(try object.optionalNumber("b") == 2500)
    }
}

extension Character {
    /// Whether this is one of the ASCII digits 0-9.
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
