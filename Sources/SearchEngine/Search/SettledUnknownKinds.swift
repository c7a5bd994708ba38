/// The unknown kinds whose lines the prefilter rules out are settled by the
/// kind alone: the line path's own memory, by name as ``RecentKinds`` keeps
/// names, filled as it settles a line of an unknown kind already met (and
/// warned about) on the full path.
struct SettledUnknownKinds {
    private var words: [UInt64] = []
    private var lengths: [Int] = []

    /// Whether lines of the unknown kind whose name is `line[name]` are
    /// settled by the kind alone.
    func contains(_ name: Range<Int>, in line: Span<UInt8>) -> Bool {
        RecentKinds.index(of: name, in: line, words: words, lengths: lengths) != nil
    }

    /// Remembers that ruled-out lines of the unknown kind `name` are
    /// settled by their kind alone, while there is room.
    mutating func add(named name: String) {
        let (word, length) = RecentKinds.key(name)
        guard words.count < RecentKinds.capacity, length >= 0,
            !zip(words, lengths).contains(where: { $0 == (word, length) })
        else { return }
        words.append(word)
        lengths.append(length)
    }
}
