import RawBytes

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A pipe a thread or a signal handler writes one byte to, to wake the
/// event loop from `poll`.
final class WakePipe: Sendable {
    let readEnd: Int32
    let writeEnd: Int32

    init() {
        var ends: [Int32] = [-1, -1]
        _ = pipe(&ends)
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// Wakes the loop (never blocks: a full pipe already wakes it).
    func wake(_ byte: UInt8 = 0) {
        var byte = byte
        _ = Glibc.write(writeEnd, &byte, 1)
    }

    /// The bytes written since the last drain.
    func drain() -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 64)
        var all: [UInt8] = []
        while true {
            let count = FileDescriptorBytes.read(readEnd, into: &buffer)
            guard count > 0 else { return all }
            all += buffer.prefix(count)
        }
    }
}
