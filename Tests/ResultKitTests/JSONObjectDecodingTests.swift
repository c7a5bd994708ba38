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
