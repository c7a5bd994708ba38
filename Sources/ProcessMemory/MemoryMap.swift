import RawBytes

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's memory mappings, as `/proc/self/maps` lists them.
struct MemoryMap {
    /// One mapping: its address range, and whether it is anonymous memory
    /// (no file, no name such as `[stack]`).
    struct Mapping: Equatable {
        var start: UInt
        var end: UInt
        var isAnonymous: Bool
    }

    /// Every mapping, in address order.
    var mappings: [Mapping]

    /// The mappings listed in `text`, in the format of `/proc/self/maps`:
    /// `start-end perms offset dev inode [path]`, addresses in hexadecimal.
    /// Lines that do not fit are left out.
    init(text: [UInt8]) {
        mappings = []
        for line in text.split(separator: UInt8(ascii: "\n")) {
            let fields = line.split(separator: UInt8(ascii: " "))
            guard fields.count >= 5 else { continue }
            let range = fields[0].split(separator: UInt8(ascii: "-"))
            guard range.count == 2, let start = Self.hex(range[0]), let end = Self.hex(range[1]), start < end else {
                continue
            }
            // Anonymous: inode 0 and no path or name after it.
            let isAnonymous = fields.count == 5 && fields[4].elementsEqual([UInt8(ascii: "0")])
            mappings.append(Mapping(start: start, end: end, isAnonymous: isAnonymous))
        }
    }

    /// The calling process's mappings; `nil` where they cannot be read.
    static func current() -> MemoryMap? {
        let fd = open("/proc/self/maps", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var text: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 << 10)
        while true {
            let count = FileDescriptorBytes.read(fd, into: &chunk)
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            text.append(contentsOf: chunk[..<count])
        }
        return MemoryMap(text: text)
    }

    /// Whether every byte from `start` to `start + count` lies in anonymous
    /// mappings, with no gap and nothing else in between.
    func isAnonymous(from start: UInt, count: UInt) -> Bool {
        let end = start + count
        var covered = start
        for mapping in mappings where mapping.end > start && mapping.start < end {
            guard mapping.isAnonymous, mapping.start <= covered else { return false }
            covered = max(covered, mapping.end)
        }
        return covered >= end
    }

    private static func hex(_ digits: ArraySlice<UInt8>) -> UInt? {
        guard !digits.isEmpty, digits.count <= 16 else { return nil }
        var value: UInt = 0
        for digit in digits {
            let nibble: UInt8
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = digit - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = digit - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt(nibble)
        }
        return value
    }
}
