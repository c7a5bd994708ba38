/// How a source's bytes are compressed, told by their first bytes (the
/// format's magic number), whatever the file is called: a `.jsonl.gz` file,
/// a gzip stream on standard input, or a folder's `dump.zst`.
public enum Compression: String, Sendable, CaseIterable {
    case gzip
    case zstd
    case xz
    case bzip2

    /// The longest magic number: how many bytes ``detect(_:)`` needs to see.
    static let magicLength = 6

    /// The compression whose magic number starts `head`, or `nil` for
    /// anything else.
    static func detect(_ head: some Collection<UInt8>) -> Compression? {
        let bytes = Array(head.prefix(magicLength))
        if bytes.starts(with: [0x1F, 0x8B]) { return .gzip }
        if bytes.starts(with: [0x28, 0xB5, 0x2F, 0xFD]) { return .zstd }
        if bytes.starts(with: [0xFD, 0x37, 0x7A, 0x58, 0x5A, 0x00]) { return .xz }
        // "BZh" and a block size from 1 to 9.
        if bytes.count >= 4, bytes.starts(with: [0x42, 0x5A, 0x68]), (0x31...0x39).contains(bytes[3]) {
            return .bzip2
        }
        return nil
    }

    /// The file name endings of each compression, lower-case.
    var suffixes: [String] {
        switch self {
        case .gzip: [".gz", ".gzip"]
        case .zstd: [".zst", ".zstd"]
        case .xz: [".xz"]
        case .bzip2: [".bz2"]
        }
    }

    /// `name` without a compression's ending: `items.jsonl.gz` is read as
    /// `items.jsonl` once decompressed.
    static func strippingSuffix(_ name: String) -> String {
        let lower = name.lowercased()
        for compression in allCases {
            for suffix in compression.suffixes where lower.hasSuffix(suffix) && lower.count > suffix.count {
                return String(name.dropLast(suffix.count))
            }
        }
        return name
    }

    /// Whether `name` ends as a compressed file does.
    static func hasSuffix(_ name: String) -> Bool {
        strippingSuffix(name).count != name.count
    }

    /// The command that decompresses this format from standard input to
    /// standard output; `nil` for gzip, which the system's zlib reads in
    /// process.
    var tool: (command: String, arguments: [String], debianPackage: String)? {
        switch self {
        case .gzip: nil
        case .zstd: ("zstd", ["-d", "-c", "-q"], "zstd")
        case .xz: ("xz", ["-d", "-c", "-q"], "xz-utils")
        case .bzip2: ("bzip2", ["-d", "-c", "-q"], "bzip2")
        }
    }
}
