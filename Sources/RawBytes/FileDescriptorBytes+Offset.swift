#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension FileDescriptorBytes {
    /// Writes what `fd` takes of `bytes` at byte `offset` of its file,
    /// without moving the file's offset (`pwrite(2)`).
    package static func write(_ fd: Int32, _ bytes: Span<UInt8>, atOffset offset: Int) -> Int {
        unsafe bytes.withUnsafeBufferPointer { bytes in unsafe pwrite(fd, bytes.baseAddress, bytes.count, off_t(offset))
        }
    }
}
