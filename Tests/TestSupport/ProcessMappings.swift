import Foundation

/// What Linux says of this process's memory mappings, for tests that check
/// a memory advice took effect.
public enum ProcessMappings {
    /// Why the mappings could not be read.
    public struct Unreadable: Error {}

    /// The `VmFlags` of the mapping that holds `address`, from
    /// `/proc/self/smaps`; `hg` means huge pages were asked for.
    public static func flags(at address: UInt) throws -> [String] {
        // Read to the end: files in /proc say they are empty.
        guard let file = FileHandle(forReadingAtPath: "/proc/self/smaps") else { throw Unreadable() }
        defer { try? file.close() }
        let smaps = String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
        var inMapping = false
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ")
            if let range = fields.first, range.contains("-"), !range.hasSuffix(":") {
                let bounds = range.split(separator: "-").compactMap { UInt($0, radix: 16) }
                inMapping = bounds.count == 2 && bounds[0] <= address && address < bounds[1]
            } else if inMapping, fields.first == "VmFlags:" {
                return fields.dropFirst().map(String.init)
            }
        }
        return []
    }
}
