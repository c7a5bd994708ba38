/// The bytes of a fixed-size C array, which Swift imports as a tuple of
/// bytes (`termios.c_cc`, `dirent.d_name`).
package enum CArrayBytes {
    /// Sets byte `index` of `array` to `byte`.
    /// - Precondition: `index` is within the array.
    package static func set<CArray>(_ index: Int, of array: inout CArray, to byte: UInt8) {
        precondition(index >= 0 && index < MemoryLayout<CArray>.size, "index outside the C array")
        unsafe withUnsafeMutableBytes(of: &array) { bytes in unsafe bytes[index] = byte }
    }

    /// The bytes of `array` before its first NUL (all of them when it has
    /// none): the text of a C string held in place.
    package static func bytesBeforeNUL<CArray>(_ array: CArray) -> [UInt8] {
        unsafe withUnsafeBytes(of: array) { bytes in unsafe Array(bytes.prefix { $0 != 0 }) }
    }
}
