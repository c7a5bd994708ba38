import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A MySQL-protocol server on 127.0.0.1 that says what a test tells it: it
/// greets as searchd does, accepts any login, and answers each query with
/// the packets `answer` gives (or with none, to stall). One connection at a
/// time, on a thread of its own.
public final class FakeMySQLServer: @unchecked Sendable {
    /// The port it listens on.
    public let port: Int
    private let listener: Int32
    private let answer: @Sendable (String) -> [[UInt8]]?

    /// - Parameter answer: The payloads to send for a query (sequence
    ///   numbers are added), or `nil` to send nothing and keep the
    ///   connection open.
    public init(answer: @escaping @Sendable (String) -> [[UInt8]]?) throws {
        self.answer = answer
        (listener, port) = try MySQLTestSocket.listen()
        MySQLTestSocket.serve(listener) { [self] in converse($0) }
    }

    /// Stops listening; a connection in progress ends with the process.
    public func stop() { MySQLTestSocket.stop(listener) }

    private func converse(_ fd: Int32) {
        defer { close(fd) }
        guard MySQLTestSocket.login(fd) else { return }
        while let packet = MySQLTestSocket.readPacket(fd) {
            guard packet.first == 0x03 else { return }
            guard let payloads = answer(String(decoding: packet.dropFirst(), as: UTF8.self)) else {
                // Stall: hold the connection open until the client gives up.
                _ = MySQLTestSocket.readPacket(fd)
                return
            }
            guard MySQLTestSocket.write(fd, MySQLTestSocket.packets(payloads, startingAt: 1)) else { return }
        }
    }

    // MARK: Packets a test sends

    /// A length-encoded string (`nil` is NULL).
    public static func lengthEncoded(_ text: String?) -> [UInt8] {
        guard let text else { return [0xFB] }
        let bytes = Array(text.utf8)
        precondition(bytes.count < 251)
        return [UInt8(bytes.count)] + bytes
    }

    /// A result set of text columns; `more` sets the flag that another follows.
    public static func resultSet(columns: [String], rows: [[String?]], warnings: Int = 0, more: Bool = false)
        -> [[UInt8]]
    {
        var packets: [[UInt8]] = [[UInt8(columns.count)]]
        for column in columns {
            var definition: [UInt8] = lengthEncoded("def") + lengthEncoded("") + lengthEncoded("") + lengthEncoded("")
            definition += lengthEncoded(column) + lengthEncoded(column)
            definition += [0x0C, 0x21, 0, 0xFF, 0, 0, 0, 0xFD, 0, 0, 0, 0, 0]
            packets.append(definition)
        }
        packets.append([0xFE, 0, 0, 0x02, 0])
        for row in rows { packets.append(row.flatMap(lengthEncoded)) }
        packets.append([0xFE, UInt8(warnings), 0, more ? 0x0A : 0x02, 0])
        return packets
    }

    /// An ERR packet.
    public static func error(code: Int, state: String, message: String) -> [UInt8] {
        [0xFF, UInt8(code & 0xFF), UInt8(code >> 8)] + Array("#\(state)".utf8) + Array(message.utf8)
    }
}
