extension StringByteScanner {
    /// Checks the UTF-8 sequence whose lead byte (at least 0x80) is at
    /// `index`, and returns the index just past it.
    ///
    /// An ill-formed sequence (see ``UTF8Sequence``) is rejected at the
    /// offset of its lead byte.
    static func endOfUTF8Sequence(in bytes: Span<UInt8>, at index: Int) throws(JSONParseError) -> Int {
        guard let length = UTF8Sequence.length(in: bytes, at: index) else {
            throw JSONParseError.invalidUTF8(at: index)
        }
        return index + length
    }
}
