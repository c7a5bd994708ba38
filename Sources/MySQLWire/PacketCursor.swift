/// Reads the fields of one packet's payload, failing on a short packet
/// instead of reading past it.
struct PacketCursor {
    private let bytes: [UInt8]
    private var position = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The next byte, not consumed; `nil` at the end.
    var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    /// Whether this is an EOF packet: 0xFE and shorter than 9 bytes (a
    /// longer one starting 0xFE is a row whose first value is 8 bytes long).
    var isEOF: Bool { bytes.first == 0xFE && bytes.count < 9 }

    mutating func skip(_ count: Int) {
        position = min(bytes.count, position + count)
    }

    mutating func byte() -> UInt8? {
        guard let value = peek else { return nil }
        position += 1
        return value
    }

    /// A little-endian integer of `count` bytes.
    mutating func integer(bytes count: Int) throws(MySQLError) -> UInt64 {
        guard position + count <= bytes.count else { throw .malformed("a packet ends too soon") }
        var value: UInt64 = 0
        for index in 0..<count { value |= UInt64(bytes[position + index]) << (8 * index) }
        position += count
        return value
    }

    /// A length-encoded integer.
    mutating func lengthEncoded() throws(MySQLError) -> UInt64 {
        guard let first = byte() else { throw .malformed("a packet ends too soon") }
        switch first {
        case 0xFC: return try integer(bytes: 2)
        case 0xFD: return try integer(bytes: 3)
        case 0xFE: return try integer(bytes: 8)
        case 0xFB, 0xFF: throw .malformed("a length starts with 0x\(String(first, radix: 16, uppercase: true))")
        default: return UInt64(first)
        }
    }

    /// A length-encoded string's bytes; `nil` for NULL (0xFB).
    mutating func lengthEncodedBytes() throws(MySQLError) -> [UInt8]? {
        if peek == 0xFB {
            position += 1
            return nil
        }
        let count = try lengthEncoded()
        guard count <= UInt64(bytes.count - position) else { throw .malformed("a value runs past its packet") }
        let value = Array(bytes[position..<(position + Int(count))])
        position += Int(count)
        return value
    }

    /// Text up to a NUL byte, which is consumed.
    mutating func nulTerminated() throws(MySQLError) -> String {
        guard let end = bytes[position...].firstIndex(of: 0) else { throw .malformed("a packet ends too soon") }
        let text = String(decoding: bytes[position..<end], as: UTF8.self)
        position = end + 1
        return text
    }

    /// An ERR packet's code, SQLSTATE and message, as the server sent them.
    mutating func serverError() throws(MySQLError) -> MySQLError {
        skip(1)
        let code = Int(try integer(bytes: 2))
        var state = ""
        if peek == UInt8(ascii: "#") {
            skip(1)
            let end = min(bytes.count, position + 5)
            state = String(decoding: bytes[position..<end], as: UTF8.self)
            position = end
        }
        return .server(code: code, state: state, message: String(decoding: bytes[position...], as: UTF8.self))
    }

    static func appendLittleEndian(_ value: UInt64, bytes count: Int, to output: inout [UInt8]) {
        for index in 0..<count { output.append(UInt8(truncatingIfNeeded: value >> (8 * index))) }
    }
}
