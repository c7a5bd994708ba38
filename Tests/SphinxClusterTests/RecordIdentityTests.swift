import StreamingJSON
import Testing

@testable import SphinxCluster

/// Ids: the id field, else the content; the same record keeps one id, and
/// different records never share one for their name alone.
@Suite struct RecordIdentityTests {
    static func object(_ text: String) throws -> JSONObject {
        guard case .object(let object) = try JSONParser().parse(text) else {
            throw JSONParseError(offset: 0, reason: "")
        }
        return object
    }

    @Test func aWholeNumberIdIsItselfAnyOtherIdAHash() throws {
        #expect(RecordIdentity.id(of: try Self.object(#"{"id":42,"name":"x"}"#), idField: "id") == 42)
        let text = RecordIdentity.id(of: try Self.object(#"{"id":"42","name":"x"}"#), idField: "id")
        #expect(text != 42 && text >= 1 && text <= UInt64(Int64.max))
        #expect(RecordIdentity.id(of: try Self.object(#"{"sku":7,"id":1}"#), idField: "sku") == 7)
        let negative = RecordIdentity.id(of: try Self.object(#"{"id":-5}"#), idField: "id")
        #expect(negative != 5 && negative >= 1)
    }

    @Test func withoutAnIdTheContentIsTheIdWhateverTheKeyOrder() throws {
        let a = RecordIdentity.id(of: try Self.object(#"{"kind":"film","name":"Heat","year":1995}"#), idField: "id")
        let b = RecordIdentity.id(of: try Self.object(#"{"year":1995,"name":"Heat","kind":"film"}"#), idField: "id")
        let other = RecordIdentity.id(of: try Self.object(#"{"kind":"film","name":"Heat","year":1986}"#), idField: "id")
        #expect(a == b)
        #expect(a != other)
        let nested = RecordIdentity.id(of: try Self.object(#"{"a":{"y":1,"x":2}}"#), idField: "id")
        #expect(nested == RecordIdentity.id(of: try Self.object(#"{"a":{"x":2,"y":1}}"#), idField: "id"))
        // A null id is no id.
        #expect(
            RecordIdentity.id(of: try Self.object(#"{"id":null,"name":"x"}"#), idField: "id")
                == RecordIdentity.id(of: try Self.object(#"{"name":"x","id":null}"#), idField: "id"))
    }
}
