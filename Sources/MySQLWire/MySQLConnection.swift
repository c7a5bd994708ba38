/// A client connection speaking the subset of the MySQL wire protocol that
/// SphinxQL and Manticore serve: the v10 handshake, text queries (several
/// statements in one round trip), and their OK, ERR, EOF and result-set
/// answers. Values arrive as text.
///
/// No server can make it wait or grow without bound: every wait has a
/// deadline that holds while bytes keep coming, the greeting is at most
/// ``maxGreetingBytes``, and each answer at most the ``ReplyLimits`` the
/// caller gives.
///
/// Not safe to share between threads: one conversation at a time.
public final class MySQLConnection {
    /// How much of an answer a caller takes: past either, the query fails
    /// with ``MySQLError/tooLarge(_:)`` and the connection is closed.
    public struct ReplyLimits: Sendable {
        /// The most bytes of packets, headers included, in the whole answer.
        public var maxBytes: Int
        /// The most rows, over all the answer's result sets.
        public var maxRows: Int

        public init(maxBytes: Int, maxRows: Int) {
            self.maxBytes = maxBytes
            self.maxRows = maxRows
        }

        /// What a query may answer when the caller says nothing: 8 MiB and
        /// 20,000 rows.
        public static let standard = ReplyLimits(maxBytes: 8 << 20, maxRows: 20_000)
    }

    /// The largest greeting taken: a real one is under 100 bytes.
    public static let maxGreetingBytes = 64 << 10

    private let socket: Socket
    private let queryTimeout: Double
    /// Bytes received and not yet consumed as packets.
    private var inbox: [UInt8] = []
    private var inboxStart = 0
    /// How many more bytes of packets the current answer may take.
    private var budget = 0
    /// The sequence number the next packet sent carries.
    private var sequence: UInt8 = 0
    /// The server's version string from its greeting, as `2.2.11-id64-release`.
    public private(set) var serverVersion = ""

    /// Connects and logs in (SphinxQL checks no user or password).
    /// - Parameters:
    ///   - host: A host name or address, resolved with `getaddrinfo`.
    ///   - port: The TCP port of the server's MySQL-protocol listener.
    ///   - user: The user name sent with the login.
    ///   - connectTimeout: Seconds to wait for the connection and the greeting.
    ///   - queryTimeout: Seconds to wait for the whole answer to each query.
    public init(
        host: String, port: Int, user: String = "search", connectTimeout: Double = 1, queryTimeout: Double = 5
    ) throws(MySQLError) {
        socket = try Socket(host: host, port: port, timeout: connectTimeout)
        self.queryTimeout = queryTimeout
        let deadline = Socket.now() + connectTimeout
        do throws(MySQLError) {
            budget = Self.maxGreetingBytes
            try handshake(user: user, deadline: deadline)
        } catch .timeout {
            socket.disconnect()
            throw .timeout("no greeting from \(host):\(port) within \(Socket.seconds(connectTimeout))")
        } catch .tooLarge {
            socket.disconnect()
            throw .tooLarge("the greeting from \(host):\(port) is over \(Self.maxGreetingBytes >> 10) KiB")
        } catch {
            socket.disconnect()
            throw error
        }
    }

    deinit { socket.disconnect() }

    /// Says goodbye (COM_QUIT) and closes the connection.
    public func close() {
        sequence = 0
        try? sendPacket([0x01], until: Socket.now() + 0.2)
        socket.disconnect()
    }

    /// Runs `sql`, which may hold several statements separated by `;`, in one
    /// round trip, and returns one reply per statement that ran.
    /// - Throws: ``MySQLError`` when the connection fails or times out, or
    ///   the answer goes past `limits`; a statement the server refuses is a
    ///   ``MySQLReply/failed(_:)`` reply.
    /// - Parameters:
    ///   - timeout: Seconds to wait for the whole answer, when not the
    ///     connection's query timeout.
    ///   - limits: How large the answer may be.
    public func query(_ sql: String, timeout: Double? = nil, limits: ReplyLimits = .standard) throws(MySQLError)
        -> [MySQLReply]
    {
        let timeout = timeout ?? queryTimeout
        let deadline = Socket.now() + timeout
        do throws(MySQLError) {
            sequence = 0
            budget = limits.maxBytes
            try sendPacket([0x03] + Array(sql.utf8), until: deadline)
            var replies: [MySQLReply] = []
            var rowsLeft = limits.maxRows
            while true {
                let (reply, more) = try readReply(until: deadline, rowsLeft: &rowsLeft)
                replies.append(reply)
                if !more { return replies }
            }
        } catch .timeout {
            socket.disconnect()
            throw .timeout("no answer within \(Socket.seconds(timeout))")
        } catch {
            // The rest of the answer was not read: the connection cannot go on.
            if case .server = error {} else { socket.disconnect() }
            throw error
        }
    }

    // MARK: The conversation

    private func handshake(user: String, deadline: Double) throws(MySQLError) {
        var greeting = PacketCursor(try readPacket(until: deadline))
        if greeting.peek == 0xFF { throw try greeting.serverError() }
        guard greeting.byte() == 10 else { throw .malformed("the server does not speak MySQL protocol 10") }
        serverVersion = try greeting.nulTerminated()
        // CLIENT_LONG_PASSWORD | PROTOCOL_41 | SECURE_CONNECTION | MULTI_STATEMENTS | MULTI_RESULTS
        let capabilities: UInt64 = 0x1 | 0x200 | 0x8000 | 0x1_0000 | 0x2_0000
        var response: [UInt8] = []
        PacketCursor.appendLittleEndian(capabilities, bytes: 4, to: &response)
        PacketCursor.appendLittleEndian(16 << 20, bytes: 4, to: &response)
        response.append(33)  // utf8_general_ci
        response += [UInt8](repeating: 0, count: 23)
        response += Array(user.utf8) + [0]
        response.append(0)  // no password
        try sendPacket(response, until: deadline)
        var answer = PacketCursor(try readPacket(until: deadline))
        if answer.peek == 0xFF { throw try answer.serverError() }
        guard answer.peek == 0x00 else { throw .malformed("the server did not accept the login") }
    }

    /// Reads one statement's answer; `more` is true when another follows.
    private func readReply(until deadline: Double, rowsLeft: inout Int) throws(MySQLError) -> (
        MySQLReply, more: Bool
    ) {
        var first = PacketCursor(try readPacket(until: deadline))
        switch first.peek {
        case 0x00:
            first.skip(1)
            let affected = try first.lengthEncoded()
            _ = try first.lengthEncoded()  // last insert id
            let status = try first.integer(bytes: 2)
            let warnings = try first.integer(bytes: 2)
            return (.ok(affectedRows: affected, warnings: Int(warnings)), status & 0x0008 != 0)
        case 0xFF:
            return (.failed(try first.serverError()), false)
        default:
            break
        }
        let columnCount = try first.lengthEncoded()
        guard columnCount < 4096 else { throw .malformed("a result set of \(columnCount) columns") }
        var columns: [String] = []
        for _ in 0..<columnCount {
            var definition = PacketCursor(try readPacket(until: deadline))
            for _ in 0..<4 { _ = try definition.lengthEncodedBytes() }  // catalog, schema, table, original table
            columns.append(String(decoding: try definition.lengthEncodedBytes() ?? [], as: UTF8.self))
        }
        let end = PacketCursor(try readPacket(until: deadline))
        guard end.isEOF else { throw .malformed("no end of the column definitions") }
        var rows: [[String?]] = []
        while true {
            var packet = PacketCursor(try readPacket(until: deadline))
            if packet.isEOF {
                packet.skip(1)
                let warnings = try packet.integer(bytes: 2)
                let status = try packet.integer(bytes: 2)
                return (.rows(columns: columns, rows: rows, warnings: Int(warnings)), status & 0x0008 != 0)
            }
            if packet.peek == 0xFF { return (.failed(try packet.serverError()), false) }
            guard rowsLeft > 0 else { throw .tooLarge("more rows than asked for") }
            rowsLeft -= 1
            var row: [String?] = []
            row.reserveCapacity(columns.count)
            for _ in 0..<columns.count {
                row.append(try packet.lengthEncodedBytes().map { String(decoding: $0, as: UTF8.self) })
            }
            rows.append(row)
        }
    }

    // MARK: Packets

    /// Sends `payload` as one or more packets (a payload of 16 MiB or more
    /// continues in the next).
    private func sendPacket(_ payload: [UInt8], until deadline: Double) throws(MySQLError) {
        var offset = 0
        repeat {
            let count = min(payload.count - offset, 0xFF_FFFF)
            var packet = [UInt8(count & 0xFF), UInt8((count >> 8) & 0xFF), UInt8(count >> 16), sequence]
            packet += payload[offset..<(offset + count)]
            sequence &+= 1
            try socket.send(packet, until: deadline)
            offset += count
            if count < 0xFF_FFFF { return }
        } while true
    }

    /// The next packet's payload, joined with its continuations; each is
    /// taken from the answer's byte budget before it is read.
    private func readPacket(until deadline: Double) throws(MySQLError) -> [UInt8] {
        var payload: [UInt8] = []
        while true {
            try fill(4, until: deadline)
            let count =
                Int(inbox[inboxStart]) | Int(inbox[inboxStart + 1]) << 8 | Int(inbox[inboxStart + 2]) << 16
            budget -= 4 + count
            guard budget >= 0 else { throw .tooLarge("an answer over the size allowed") }
            sequence = inbox[inboxStart + 3] &+ 1
            try fill(4 + count, until: deadline)
            payload += inbox[(inboxStart + 4)..<(inboxStart + 4 + count)]
            inboxStart += 4 + count
            if count < 0xFF_FFFF { return payload }
        }
    }

    /// Receives until `count` unconsumed bytes are at hand.
    private func fill(_ count: Int, until deadline: Double) throws(MySQLError) {
        if inboxStart > 0 && inboxStart >= inbox.count / 2 {
            inbox.removeFirst(inboxStart)
            inboxStart = 0
        }
        while inbox.count - inboxStart < count {
            try socket.receive(into: &inbox, until: deadline)
        }
    }
}
