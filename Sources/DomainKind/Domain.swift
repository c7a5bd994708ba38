public import ResultKit

/// A domain name and whether it is registered.
public struct Domain: Sendable, Hashable {
    /// Registration status, as the record states it.
    public enum Status: Sendable, Hashable {
        case available
        case taken
        /// Any other status, kept as written.
        case other(String)

        init(_ text: String) {
            switch text.lowercased() {
            case "available": self = .available
            case "taken": self = .taken
            default: self = .other(text)
            }
        }

        /// The status as written in records.
        public var text: String {
            switch self {
            case .available: "available"
            case .taken: "taken"
            case .other(let text): text
            }
        }
    }

    public var name: String
    public var status: Status

    public init(name: String, status: Status) {
        self.name = name
        self.status = status
    }

    /// Decodes `{"kind":"domain","name":"example.com","status":"taken"}`.
    public init(record: JSONObject) throws(RecordDecodingError) {
        let name = try record.requiredString("name")
        guard !name.isEmpty else { throw RecordDecodingError("field \"name\" is empty") }
        self.init(name: name, status: Status(try record.requiredString("status")))
    }
}
