import RawBytes

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A TCP connection whose every wait has a deadline: connecting, sending
/// and receiving never block longer than the caller allows. The only file of
/// this module that calls the C socket API.
final class Socket {
    private var descriptor: Int32

    /// Connects to `host:port`, trying each address `getaddrinfo` gives
    /// until one answers, within `timeout` seconds in all.
    init(host: String, port: Int, timeout: Double) throws(MySQLError) {
        let deadline = Self.now() + timeout
        let addresses: [SocketAddress]
        do {
            addresses = try SocketAddress.resolve(
                host: host, port: port, family: AF_UNSPEC, socketType: Int32(SOCK_STREAM.rawValue),
                protocolNumber: Int32(IPPROTO_TCP))
        } catch {
            throw .connect("cannot resolve \(host): \(error.message)")
        }
        var lastProblem = "no address"
        for address in addresses {
            let fd = socket(address.family, address.socketType, address.protocolNumber)
            guard fd >= 0 else {
                lastProblem = Self.errorText(errno)
                continue
            }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            var noDelay: Int32 = 1
            _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, socklen_t(MemoryLayout<Int32>.size))
            if address.connect(fd) == 0 {
                descriptor = fd
                return
            }
            guard errno == EINPROGRESS else {
                lastProblem = Self.errorText(errno)
                close(fd)
                continue
            }
            guard Self.wait(fd, for: Int16(POLLOUT), until: deadline) else {
                close(fd)
                throw .timeout("no answer from \(host):\(port) within \(Self.seconds(timeout))")
            }
            var problem: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            _ = getsockopt(fd, SOL_SOCKET, SO_ERROR, &problem, &length)
            if problem == 0 {
                descriptor = fd
                return
            }
            lastProblem = Self.errorText(problem)
            close(fd)
        }
        throw .connect("cannot connect to \(host):\(port): \(lastProblem)")
    }

    deinit { disconnect() }

    /// Closes the connection; later calls fail as closed.
    func disconnect() {
        if descriptor >= 0 { _ = close(descriptor) }
        descriptor = -1
    }

    /// Sends all of `bytes` before `deadline`.
    func send(_ bytes: [UInt8], until deadline: Double) throws(MySQLError) {
        var sent = 0
        while sent < bytes.count {
            guard descriptor >= 0 else { throw .closed }
            let count = SocketBytes.send(descriptor, bytes.span.extracting(sent...), flags: Int32(MSG_NOSIGNAL))
            if count > 0 {
                sent += count
            } else if count < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) {
                guard Self.wait(descriptor, for: Int16(POLLOUT), until: deadline) else { throw .timeout("") }
            } else {
                throw .connectionLost(Self.errorText(errno))
            }
        }
    }

    /// Receives at least one byte into `buffer` before `deadline`; past
    /// it, fails even while bytes keep coming, so that a server sending
    /// slowly and without end cannot hold the caller.
    func receive(into buffer: inout [UInt8], until deadline: Double) throws(MySQLError) {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            guard descriptor >= 0 else { throw .closed }
            guard Self.now() < deadline else { throw .timeout("") }
            let count = SocketBytes.receive(descriptor, into: &chunk, flags: 0)
            if count > 0 {
                buffer.append(contentsOf: chunk[0..<count])
                return
            }
            if count == 0 { throw .connectionLost("the server closed the connection") }
            guard errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else {
                throw .connectionLost(Self.errorText(errno))
            }
            guard Self.wait(descriptor, for: Int16(POLLIN), until: deadline) else { throw .timeout("") }
        }
    }

    /// Seconds on a clock that only goes forward.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// `1 s`, `0.25 s`.
    static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    /// Whether `fd` is ready for `events` before `deadline`.
    private static func wait(_ fd: Int32, for events: Int16, until deadline: Double) -> Bool {
        while true {
            let left = deadline - now()
            guard left > 0 else { return false }
            var entry = pollfd(fd: fd, events: events, revents: 0)
            let ready = poll(&entry, 1, Int32(min(left * 1000, 1e9).rounded(.up)))
            if ready > 0 { return true }
            if ready < 0 && errno != EINTR { return true }  // the next call reports the problem
        }
    }

    private static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
