import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A server on 127.0.0.1 that abuses a MySQL-protocol client on purpose, to
/// prove that no server can make `search` wait past its timeouts or grow
/// without bound. Each connection gets the same ``Behaviour``, on a thread
/// of its own, until the client hangs up.
public final class HostileMySQLServer: @unchecked Sendable {
    /// What the server does to each client.
    public enum Behaviour: String, Sendable, CaseIterable {
        /// A greeting packet that never ends: the largest packet length,
        /// then continuation after continuation.
        case endlessGreeting
        /// A proper greeting and login, then a result set whose rows never end.
        case rowFlood
        /// Random bytes from the first byte on, without end.
        case garbage
        /// A proper greeting and login, then a result set sent one byte
        /// every 50 ms: each byte arrives well within any wait for the next.
        case slowDrip
    }

    /// The port it listens on.
    public let port: Int
    private let listener: Int32
    private let behaviour: Behaviour

    public init(_ behaviour: Behaviour) throws {
        self.behaviour = behaviour
        (listener, port) = try MySQLTestSocket.listen()
        MySQLTestSocket.serve(listener) { [self] in abuse($0) }
    }

    /// Stops listening; a connection in progress ends when its client hangs up.
    public func stop() { MySQLTestSocket.stop(listener) }

    private func abuse(_ fd: Int32) {
        defer { close(fd) }
        switch behaviour {
        case .endlessGreeting:
            // A packet of 16 MiB − 1 continues in the next, forever.
            let chunk = [UInt8](repeating: 0x41, count: 1 << 16)
            guard write(fd, [0xFF, 0xFF, 0xFF, 0, 10]) else { return }
            while write(fd, chunk) {}
        case .garbage:
            var random = SplitMix64(state: 7)
            while true {
                let chunk = (0..<(1 << 14)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                guard write(fd, chunk) else { return }
            }
        case .rowFlood:
            guard login(fd) else { return }
            guard write(fd, Self.resultSetHead(sequence: 1)) else { return }
            var sequence: UInt8 = 4
            let value = [UInt8](repeating: 0x7A, count: 200)
            while true {
                var rows: [UInt8] = []
                for _ in 0..<256 {
                    let payload = [UInt8(value.count)] + value
                    rows += [UInt8(payload.count), 0, 0, sequence] + payload
                    sequence &+= 1
                }
                guard write(fd, rows) else { return }
            }
        case .slowDrip:
            guard login(fd) else { return }
            var bytes = Self.resultSetHead(sequence: 1)
            var sequence: UInt8 = 4
            for _ in 0..<10_000 {
                bytes += [2, 0, 0, sequence, 1, 0x7A]
                sequence &+= 1
            }
            for byte in bytes {
                guard write(fd, [byte]) else { return }
                usleep(50_000)
            }
        }
    }

    /// Greets as searchd does, takes any login and the first query.
    private func login(_ fd: Int32) -> Bool {
        MySQLTestSocket.login(fd) && MySQLTestSocket.readPacket(fd) != nil
    }

    /// A result set's column count, one column definition and their end, from `sequence`.
    private static func resultSetHead(sequence: UInt8) -> [UInt8] {
        var definition: [UInt8] = [3] + Array("def".utf8) + [0, 0, 0, 2] + Array("id".utf8) + [2] + Array("id".utf8)
        definition += [0x0C, 0x21, 0, 0xFF, 0, 0, 0, 0xFD, 0, 0, 0, 0, 0]
        return [1, 0, 0, sequence, 1] + [UInt8(definition.count), 0, 0, sequence + 1] + definition
            + [5, 0, 0, sequence + 2, 0xFE, 0, 0, 0x02, 0]
    }

    private func write(_ fd: Int32, _ bytes: [UInt8]) -> Bool { MySQLTestSocket.write(fd, bytes) }
}
