import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// What the test servers that speak the MySQL protocol share: a listener
/// on 127.0.0.1 on a free port, each connection on a thread of its own, and
/// searchd's greeting and login.
enum MySQLTestSocket {
    /// Listens on 127.0.0.1 on a port the system picks; the socket and the port.
    static func listen() throws -> (listener: Int32, port: Int) {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(listener, pointer, length) == 0 && Glibc.listen(listener, 8) == 0
                    && getsockname(listener, pointer, &length) == 0
            }
        }
        guard bound else {
            close(listener)
            throw FixtureError(message: "cannot listen on 127.0.0.1")
        }
        return (listener, Int(UInt16(bigEndian: address.sin_port)))
    }

    /// Accepts connections on a thread of its own until `listener` is
    /// closed, each handled by `handle` on a thread of its own.
    static func serve(_ listener: Int32, _ handle: @escaping @Sendable (Int32) -> Void) {
        Thread.detachNewThread {
            while true {
                let connection = accept(listener, nil, nil)
                guard connection >= 0 else { return }
                Thread.detachNewThread { handle(connection) }
            }
        }
    }

    /// Stops listening; connections in progress go on.
    static func stop(_ listener: Int32) {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    /// The payload of searchd 2.2.11's greeting.
    static let greeting: [UInt8] = {
        var greeting: [UInt8] = [10] + Array("2.2.11-id64-release".utf8) + [0, 1, 0, 0, 0]
        greeting += [UInt8](repeating: 0x41, count: 8) + [0, 0x08, 0x82, 0x21, 0x02, 0, 0, 0]
        greeting += [UInt8](repeating: 0, count: 10) + [UInt8](repeating: 0x42, count: 12) + [0]
        return greeting
    }()

    /// Greets as searchd does and takes any login; `false` when the client left.
    static func login(_ fd: Int32) -> Bool {
        write(fd, packets([greeting], startingAt: 0)) && readPacket(fd) != nil
            && write(fd, packets([[0, 0, 0, 2, 0, 0, 0]], startingAt: 2))
    }

    /// `payloads` as packets, their sequence numbers from `sequence`.
    static func packets(_ payloads: [[UInt8]], startingAt sequence: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        for (index, payload) in payloads.enumerated() {
            let count = payload.count
            bytes += [
                UInt8(count & 0xFF), UInt8((count >> 8) & 0xFF), UInt8(count >> 16), UInt8((sequence + index) & 0xFF),
            ]
            bytes += payload
        }
        return bytes
    }

    /// Writes all of `bytes`; `false` when the client left.
    static func write(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes {
                Glibc.send(fd, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL))
            }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    /// The next packet's payload, or `nil` when the client left.
    static func readPacket(_ fd: Int32) -> [UInt8]? {
        var head = [UInt8](repeating: 0, count: 4)
        guard recv(fd, &head, 4, Int32(MSG_WAITALL)) == 4 else { return nil }
        let count = Int(head[0]) | Int(head[1]) << 8 | Int(head[2]) << 16
        var payload = [UInt8](repeating: 0, count: count)
        guard count == 0 || recv(fd, &payload, count, Int32(MSG_WAITALL)) == count else { return nil }
        return payload
    }
}
