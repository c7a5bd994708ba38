extension KindSpec {
    /// The unit a byte count is given in, for format `bytes`, as a spec
    /// writes it: dpkg gives sizes in `KiB`, `df -B1000` in `kB`.
    public enum ByteUnit: String, Sendable, CaseIterable {
        case bytes = "B"
        case kilobytes = "kB"
        case megabytes = "MB"
        case gigabytes = "GB"
        case terabytes = "TB"
        case kibibytes = "KiB"
        case mebibytes = "MiB"
        case gibibytes = "GiB"
        case tebibytes = "TiB"

        /// How many bytes one unit is.
        public var size: Double {
            switch self {
            case .bytes: 1
            case .kilobytes: 1e3
            case .megabytes: 1e6
            case .gigabytes: 1e9
            case .terabytes: 1e12
            case .kibibytes: 1_024
            case .mebibytes: 1_048_576
            case .gibibytes: 1_073_741_824
            case .tebibytes: 1_099_511_627_776
            }
        }
    }
}
