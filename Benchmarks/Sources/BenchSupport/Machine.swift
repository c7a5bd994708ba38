import Glibc

/// What the report says about when and where it ran.
public enum Machine {
    /// The current UTC date and time, `2025-01-31 14:05 UTC`.
    public static func now() -> String {
        var seconds = time(nil)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        var buffer = [CChar](repeating: 0, count: 64)
        let length = strftime(&buffer, buffer.count, "%Y-%m-%d %H:%M UTC", &parts)
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The cores online.
    public static func coreCount() -> Int {
        sysconf(Int32(_SC_NPROCESSORS_ONLN))
    }

    /// Cores online, the CPU model and the system: `2 cores, AMD EPYC …, Linux 6.1 x86_64`.
    public static func description() -> String {
        let cores = coreCount()
        let model =
            Bench.readPrefix("/proc/cpuinfo", limit: 1 << 14).split(separator: "\n")
            .first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingPrefix(" ") }
            .map(String.init)
        var names = utsname()
        uname(&names)
        let system = "\(field(names.sysname)) \(field(names.release)) \(field(names.machine))"
        return "\(cores) cores, \(model ?? "unknown CPU"), \(system)"
    }

    /// The 1-minute load average, a hint of how busy the shared machine was.
    public static func loadAverage() -> String {
        var loads = [Double](repeating: 0, count: 3)
        guard getloadavg(&loads, 3) == 3 else { return "unknown" }
        return loads.map { Format.fixed($0, places: 2) }.joined(separator: " ")
    }

    private static func field<T>(_ value: T) -> String {
        withUnsafeBytes(of: value) { raw in String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self) }
    }
}
