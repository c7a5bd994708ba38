#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A temporary file with no name: made in `$TMPDIR` (else `/tmp`), unlinked
/// at once and closed with the object, so that it goes when the process ends,
/// however it ends. What outgrows memory goes there: the picker's index and
/// its copy of piped input, a push's ledger of ids.
package final class TemporaryFile: Sendable {
    package let descriptor: Int32

    /// A new file whose short-lived name starts with `prefix`, or `nil` when
    /// none can be made.
    package init?(prefix: String) {
        let directory =
            unsafe getenv("TMPDIR").map { unsafe String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((directory + "/\(prefix)-XXXXXX").utf8CString)
        let fd = unsafe mkstemp(&template)
        guard fd >= 0 else { return nil }
        _ = unsafe unlink(template)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        descriptor = fd
    }

    deinit { close(descriptor) }

    /// Writes `bytes` at `offset`; whether all were written.
    package func write(_ bytes: Span<UInt8>, at offset: Int) -> Bool {
        var done = 0
        while done < bytes.count {
            let written = FileDescriptorBytes.write(descriptor, bytes.extracting(done...), atOffset: offset + done)
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return false }
            done += written
        }
        return true
    }

    /// Writes the values of `array` at `offset`; whether all were written.
    package func write<Value: BitwiseCopyable>(_ array: [Value], at offset: Int) -> Bool {
        // Any bytes may be read from values that are bitwise copyable.
        let bytes = unsafe array.span.bytes
        var done = 0
        while done < bytes.byteCount {
            let written = FileDescriptorBytes.write(descriptor, bytes, done..<bytes.byteCount, atOffset: offset + done)
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return false }
            done += written
        }
        return true
    }

    /// Reads `count` values at `offset` into `values`, which becomes that
    /// long; whether they were all read. The array's storage is reused when
    /// `values` alone holds it and it has room: only values it did not have
    /// are set (to `zero`) before the read overwrites them. When it has no
    /// room, new storage with room for `room` values (at least `count`)
    /// takes its place, without its values.
    package func read<Value: BitwiseCopyable>(
        _ count: Int, of zero: Value, at offset: Int, into values: inout [Value], room: Int
    ) -> Bool {
        if values.capacity < count {
            values = []
            values.reserveCapacity(max(count, room))
        }
        if values.count > count {
            values.removeLast(values.count - count)
        } else if values.count < count {
            values.append(contentsOf: repeatElement(zero, count: count - values.count))
        }
        var span = values.mutableSpan
        // The file holds what `write` wrote of values of this type.
        var bytes = unsafe span.mutableBytes
        var done = 0
        while done < bytes.byteCount {
            let read = FileDescriptorBytes.read(
                descriptor, into: &bytes, done..<bytes.byteCount, atOffset: offset + done)
            if read < 0, errno == EINTR { continue }
            guard read > 0 else { return false }
            done += read
        }
        return true
    }
}
