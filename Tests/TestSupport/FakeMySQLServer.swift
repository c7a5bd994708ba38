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
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(listener, pointer, length) == 0 && listen(listener, 8) == 0
                    && getsockname(listener, pointer, &length) == 0
            }
        }
        guard bound else { throw FixtureError(message: "cannot listen on 127.0.0.1") }
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread { [self] in serve() }
    }

    /// Stops listening; a connection in progress ends with the process.
    public func stop() {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func serve() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            Thread.detachNewThread { [self] in converse(connection) }
        }
    }

    private func converse(_ fd: Int32) {
        defer { close(fd) }
        var greeting: [UInt8] = [10] + Array("2.2.11-id64-release".utf8) + [0, 1, 0, 0, 0]
        greeting += [UInt8](repeating: 0x41, count: 8) + [0, 0x08, 0x82, 0x21, 0x02, 0, 0, 0]
        greeting += [UInt8](repeating: 0, count: 10) + [UInt8](repeating: 0x42, count: 12) + [0]
        guard send(fd, [greeting], startingAt: 0), readPacket(fd) != nil,
            send(fd, [[0, 0, 0, 2, 0, 0, 0]], startingAt: 2)
        else { return }
        while let packet = readPacket(fd) {
            guard packet.first == 0x03 else { return }
            guard let payloads = answer(String(decoding: packet.dropFirst(), as: UTF8.self)) else {
                // Stall: hold the connection open until the client gives up.
                _ = readPacket(fd)
                return
            }
            guard send(fd, payloads, startingAt: 1) else { return }
        }
    }

    private func send(_ fd: Int32, _ payloads: [[UInt8]], startingAt sequence: Int) -> Bool {
        var bytes: [UInt8] = []
        for (index, payload) in payloads.enumerated() {
            let count = payload.count
            bytes += [
                UInt8(count & 0xFF), UInt8((count >> 8) & 0xFF), UInt8(count >> 16), UInt8((sequence + index) & 0xFF),
            ]
            bytes += payload
        }
        return bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == bytes.count
    }

    private func readPacket(_ fd: Int32) -> [UInt8]? {
        guard let head = readExactly(fd, 4) else { return nil }
        return readExactly(fd, Int(head[0]) | Int(head[1]) << 8 | Int(head[2]) << 16)
    }

    private func readExactly(_ fd: Int32, _ count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes { recv(fd, $0.baseAddress! + done, count - done, 0) }
            guard got > 0 else { return nil }
            done += got
        }
        return bytes
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
