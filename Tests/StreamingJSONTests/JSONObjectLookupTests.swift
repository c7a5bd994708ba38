import StreamingJSON
import Testing

@Suite("JSONObject key lookup")
struct JSONObjectLookupTests {
    /// Parsed, so that keys are made as records' keys are.
    static func parsed(_ text: String) throws -> JSONObject {
        guard case .object(let object) = try JSONParser().parse(Array(text.utf8)) else {
            Issue.record("not an object: \(text)")
            return JSONObject()
        }
        return object
    }

    @Test("finds each key among keys of the same length, the last of duplicates")
    func sameLengthKeys() throws {
        let object = try Self.parsed(#"{"name":"a","kind":"b","cost":1,"name":"c"}"#)
        #expect(object["name"] == .string("c"))
        #expect(object["kind"] == .string("b"))
        #expect(object["cost"] == .number("1"))
        #expect(object["nam"] == nil)
        #expect(object["names"] == nil)
        #expect(object["kine"] == nil)
    }

    @Test("finds long, non-ASCII and empty keys")
    func otherKeys() throws {
        let long = "a key well past the fifteen bytes kept inline"
        let object = try Self.parsed(#"{"\#(long)":1,"prénom":"Zoë","名前":"花子","":0}"#)
        #expect(object[long] == .number("1"))
        #expect(object["prénom"] == .string("Zoë"))
        #expect(object["名前"] == .string("花子"))
        #expect(object[""] == .number("0"))
        #expect(object["prenom"] == nil)
        // Same text, made apart from the record's key.
        #expect(object[String(long.reversed().reversed())] == .number("1"))
    }

    @Test("keys match as Swift strings do: canonically equivalent text is the same key")
    func canonicalEquivalence() throws {
        let object = try Self.parsed(#"{"cafe\u0301":1,"\u212Aind":"card"}"#)
        #expect(object["café"] == .number("1"))
        #expect(object["Kind"] == .string("card"))
    }

    @Test("an empty object has no keys")
    func empty() {
        #expect(JSONObject()["name"] == nil)
    }
}
