import RawBytes

/// What a push keeps of every record it loads, to name afterwards the
/// records of one load that share an id: the id and where the record came
/// from, 16 bytes a record, in bounded memory whatever the load's size.
///
/// Records are noted in load order. Every ``runLength`` of them are sorted
/// by id and written to a temporary file with no name (a *run*); at the end
/// the runs are merged, so that records that share an id come together, the
/// first loaded first. Memory holds one run while loading (1 MiB) and a
/// slice of each run while merging: 8 MiB in all, or 4 KiB a run past
/// 2,048 runs (134 million records). A load of a billion
/// records writes 16 GB to `$TMPDIR`; when that cannot be written, the
/// ledger keeps the rest in memory, as it would have without a file.
struct IDLedger {
    /// One record: its id, and its place (`file`, `line`, whether the id
    /// came from a field), packed so that places sort in load order.
    struct Entry: BitwiseCopyable, Comparable {
        var id: UInt64
        /// The file's number (31 bits), its line (32 bits), then whether
        /// the id is the record's own (1 bit).
        var place: UInt64

        static let zero = Entry(id: 0, place: 0)

        init(id: UInt64, place: UInt64) {
            self.id = id
            self.place = place
        }

        init(id: UInt64, file: Int, line: Int, hasID: Bool) {
            self.id = id
            place =
                UInt64(clamping: min(file, Int(Int32.max))) << 33 | UInt64(UInt32(clamping: line)) << 1
                | (hasID ? 1 : 0)
        }

        var file: Int { Int(place >> 33) }
        var line: Int { Int(UInt32(truncatingIfNeeded: place >> 1)) }
        var hasID: Bool { place & 1 == 1 }

        /// By id, then in load order: the first record loaded of an id
        /// comes first. (Two records on one line, as in a JSON array on
        /// one line, have the same place and name the same line.)
        static func < (left: Entry, right: Entry) -> Bool {
            left.id != right.id ? left.id < right.id : left.place < right.place
        }
    }

    /// Records in a run: 1 MiB of entries.
    static let defaultRunLength = 65_536
    /// The most memory the merge reads runs into, in entries (8 MiB).
    static let mergeEntries = 524_288

    let runLength: Int
    /// The records not yet in a run, in load order (sorted only when written).
    private var pending: [Entry] = []
    /// Where the runs are, once there is one.
    private var file: TemporaryFile?
    /// Each run's first entry in the file, and how many it has.
    private var runs: [(start: Int, count: Int)] = []
    /// Whether a run could not be written: everything is kept in memory from then on.
    private var inMemory = false

    init(runLength: Int = defaultRunLength) {
        self.runLength = max(1, runLength)
        pending.reserveCapacity(min(self.runLength, 4_096))
    }

    /// How many entries are in memory now: at most ``runLength`` unless a
    /// run could not be written.
    var held: Int { pending.count }

    /// How many runs went to the file.
    var spilled: Int { runs.count }

    /// Notes a record, in load order.
    mutating func note(_ entry: Entry) {
        pending.append(entry)
        if pending.count >= runLength && !inMemory { spill() }
    }

    /// Sorts the records in memory and writes them to the file as a run.
    private mutating func spill() {
        if file == nil { file = TemporaryFile(prefix: "search-push-ids") }
        pending.sort()
        let start = runs.last.map { $0.start + $0.count } ?? 0
        guard let file, file.write(pending, at: start * MemoryLayout<Entry>.stride) else {
            inMemory = true
            return
        }
        runs.append((start, pending.count))
        pending.removeAll(keepingCapacity: true)
    }

    /// Calls `shared(later, first)` for every record that has the id of a
    /// record noted before it, with the first record noted of that id; in
    /// order of id, then of load. Returns whether every run could be read
    /// back (when not, some may not have been named).
    mutating func forEachShared(_ shared: (_ later: Entry, _ first: Entry) -> Void) -> Bool {
        pending.sort()
        var first = Entry.zero
        var previous: UInt64? = nil
        return forEachInOrder { entry in
            if entry.id == previous {
                shared(entry, first)
            } else {
                first = entry
                previous = entry.id
            }
        }
    }

    /// Every entry, sorted: a merge of the runs and what is in memory
    /// (sorted). Returns whether every run could be read.
    private func forEachInOrder(_ body: (Entry) -> Void) -> Bool {
        guard let file, !runs.isEmpty else {
            for entry in pending { body(entry) }
            return true
        }
        // Each run is read a slice at a time; the slices share the merge's memory.
        let slice = max(256, Self.mergeEntries / (runs.count + 1))
        var cursors = runs.map { RunCursor(start: $0.start, count: $0.count) }
        var heads: [(entry: Entry, run: Int)] = []
        heads.reserveCapacity(runs.count + 1)
        var readFailed = false
        for run in cursors.indices {
            if let entry = cursors[run].next(from: file, slice: slice, failed: &readFailed) {
                heads.append((entry, run))
            }
        }
        // The records in memory are the last run, already in order.
        var memoryIndex = 0
        if !pending.isEmpty {
            heads.append((pending[0], cursors.count))
            memoryIndex = 1
        }
        // A binary heap of each run's next entry, least first; ties go to
        // the earlier run, which was loaded first.
        func isBefore(_ a: (entry: Entry, run: Int), _ b: (entry: Entry, run: Int)) -> Bool {
            a.entry != b.entry ? a.entry < b.entry : a.run < b.run
        }
        func siftDown(_ index: Int) {
            var parent = index
            while true {
                let left = 2 * parent + 1
                guard left < heads.count else { return }
                var least = left
                if left + 1 < heads.count && isBefore(heads[left + 1], heads[left]) { least = left + 1 }
                guard isBefore(heads[least], heads[parent]) else { return }
                heads.swapAt(least, parent)
                parent = least
            }
        }
        for index in stride(from: heads.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
        while let top = heads.first {
            body(top.entry)
            let next: Entry?
            if top.run == cursors.count {
                next = memoryIndex < pending.count ? pending[memoryIndex] : nil
                memoryIndex += 1
            } else {
                next = cursors[top.run].next(from: file, slice: slice, failed: &readFailed)
            }
            if let next {
                heads[0] = (next, top.run)
            } else {
                heads[0] = heads[heads.count - 1]
                heads.removeLast()
            }
            siftDown(0)
        }
        return !readFailed
    }

    /// Reads one run of the file in order, a slice at a time.
    private struct RunCursor {
        var next: Int
        let end: Int
        var buffer: [Entry] = []
        var index = 0

        init(start: Int, count: Int) {
            next = start
            end = start + count
        }

        /// The run's next entry, or `nil` at its end (or when the file
        /// cannot be read: `failed` is then set, and the run ends there).
        mutating func next(from file: TemporaryFile, slice: Int, failed: inout Bool) -> Entry? {
            if index == buffer.count {
                let count = min(slice, end - next)
                guard count > 0 else { return nil }
                guard
                    file.read(count, of: Entry.zero, at: next * MemoryLayout<Entry>.stride, into: &buffer, room: count)
                else {
                    failed = true
                    next = end
                    return nil
                }
                next += count
                index = 0
            }
            defer { index += 1 }
            return buffer[index]
        }
    }
}
