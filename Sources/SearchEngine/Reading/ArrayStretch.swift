/// The rest of a records' array in a regular file, from where a
/// ``JSONDocumentReader`` reading it in order stands, offered to be read in
/// blocks on every core (see ``ParallelArrayReader``); the reader goes on
/// in order from where the stretch stopped (``Outcome``).
///
/// Whatever the route, the records and messages are those of the reader in
/// order: the stretch takes only the elements it can be sure of (objects
/// and arrays between commas), at the lines and columns the reader would
/// give them, and leaves the reader everything it would have to judge.
package struct ArrayStretch: Sendable {
    /// The file to read, and its name in messages and locations.
    package var path: String
    package var file: String
    /// The kind its records are when they name none.
    package var hint: String?
    /// Where the reader stands: just past the array's `[` (`first`) or
    /// past one of its elements.
    package var start: Int
    package var first: Bool
    /// The line of ``start``, and the offset where that line starts.
    package var line: Int
    package var lineStart: Int
    /// The longest element read; a longer one is the reader's to report.
    package var maxElementBytes: Int

    package init(
        path: String, file: String, hint: String?, start: Int, first: Bool, line: Int, lineStart: Int,
        maxElementBytes: Int
    ) {
        self.path = path
        self.file = file
        self.hint = hint
        self.start = start
        self.first = first
        self.line = line
        self.lineStart = lineStart
        self.maxElementBytes = maxElementBytes
    }

    /// Where the reader in order goes on.
    package struct Outcome: Sendable, Equatable {
        /// Past the last element read (``first`` when none of the array
        /// was), or past the array's `]` when ``arrayEnded``.
        package var position: Int
        package var first: Bool
        package var arrayEnded: Bool
        /// The line of ``position``, and the offset where that line starts.
        package var line: Int
        package var lineStart: Int
        /// How many elements were read.
        package var elements: Int
    }
}

/// Who reads stretches of records' arrays in blocks, for a reader in order
/// of a regular file (the search, through its sink).
package struct ArrayStretchReader {
    /// The fewest bytes left in the file for the rest of an array to be offered.
    package var minimumBytes: Int
    /// Reads a stretch; `nil` when it cannot (the file cannot be mapped),
    /// and the reader in order reads the array itself.
    package var read: (ArrayStretch) -> ArrayStretch.Outcome?

    package init(minimumBytes: Int, read: @escaping (ArrayStretch) -> ArrayStretch.Outcome?) {
        self.minimumBytes = minimumBytes
        self.read = read
    }
}
