#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The entries of a folder opened with `opendir(3)`, by name.
package enum DirectoryEntries {
    /// Calls `body` with the bytes of each entry's name that `readdir(3)`
    /// gives, `.` and `..` included, until there are no more or `body`
    /// returns `false`.
    package static func forEachName(in directory: OpaquePointer, _ body: ([UInt8]) -> Bool) {
        while let entry = unsafe readdir(directory) {
            guard body(CArrayBytes.bytesBeforeNUL(unsafe entry.pointee.d_name)) else { return }
        }
    }
}
