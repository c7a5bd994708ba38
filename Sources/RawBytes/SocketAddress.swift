#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One address that `getaddrinfo(3)` gives for a host and a port, held as
/// bytes, with what `socket(2)` needs to open a socket for it: a client
/// resolves, opens and connects without a pointer.
package struct SocketAddress: Sendable, Equatable {
    /// The address family (`AF_INET`, `AF_INET6`).
    package var family: Int32
    /// The socket type (`SOCK_STREAM`).
    package var socketType: Int32
    /// The protocol (`IPPROTO_TCP`).
    package var protocolNumber: Int32
    /// The `sockaddr` it names, byte for byte.
    package var bytes: [UInt8]

    /// Why `getaddrinfo(3)` found no address: its own words (`gai_strerror`).
    package struct ResolveError: Error, Equatable {
        package var message: String
    }

    /// The addresses of `host` for `port`, of the given kind (`AF_UNSPEC`
    /// for any family), in the order `getaddrinfo(3)` gives them.
    package static func resolve(
        host: String, port: Int, family: Int32, socketType: Int32, protocolNumber: Int32
    ) throws(ResolveError) -> [SocketAddress] {
        var hints = unsafe addrinfo()
        unsafe hints.ai_family = family
        unsafe hints.ai_socktype = socketType
        unsafe hints.ai_protocol = protocolNumber
        var list: UnsafeMutablePointer<addrinfo>?
        let status = unsafe getaddrinfo(host, String(port), &hints, &list)
        guard status == 0 else { throw ResolveError(message: unsafe String(cString: gai_strerror(status))) }
        defer { unsafe freeaddrinfo(list) }
        var addresses: [SocketAddress] = []
        // The list is getaddrinfo's own, walked once and freed above; each
        // address is copied out of it.
        var entry = unsafe list
        while let node = unsafe entry {
            let info = unsafe node.pointee
            let bytes = unsafe UnsafeRawBufferPointer(start: info.ai_addr, count: Int(info.ai_addrlen))
            unsafe addresses.append(
                SocketAddress(
                    family: info.ai_family, socketType: info.ai_socktype, protocolNumber: info.ai_protocol,
                    bytes: Array(bytes)))
            unsafe entry = info.ai_next
        }
        return addresses
    }

    /// Connects `fd` to this address (`connect(2)`); returns what it
    /// returns: 0, or -1 with `errno` set (`EINPROGRESS` for a socket that
    /// does not block).
    package func connect(_ fd: Int32) -> Int32 {
        unsafe bytes.withUnsafeBytes { address in
            unsafe systemConnect(
                fd, address.baseAddress!.assumingMemoryBound(to: sockaddr.self), socklen_t(address.count))
        }
    }
}

// Outside the type, whose own `connect` would hide the system's.
@inline(__always)
private func systemConnect(_ fd: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
    unsafe connect(fd, address, length)
}
