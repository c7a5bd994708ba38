import Foundation
import TerminalTable
import Testing

/// Compares ``DisplayWidth`` with an independent oracle, Python's `wcwidth`
/// package (its `width()` measures sequences), over every assigned code point
/// and every sequence of emoji-test.txt.
///
/// Each known disagreement has a documented reason; any other fails the test.
/// Skipped when `python3` with `wcwidth` is not installed.
struct WcwidthOracleTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let emojiTest = "/usr/share/unicode/emoji/emoji-test.txt"

    static let oracleAvailable: Bool = {
        (try? Oracle.run(["-c", "import wcwidth; wcwidth.width"])) != nil
    }()

    static let widenedInUnicode16: [ClosedRange<UInt32>] = [
        0x2630...0x2637, 0x268A...0x268F, 0x4DC0...0x4DFF, 0x1D300...0x1D356, 0x1D360...0x1D376,
    ]

    /// Why DisplayWidth and wcwidth may differ on a string, or `nil` if they must agree.
    static func reason(_ scalars: [Unicode.Scalar]) -> String? {
        guard let first = scalars.first else { return nil }
        if scalars.contains(where: {
            ($0.properties.age.map { $0.major > 15 || ($0.major == 15 && $0.minor > 0) }) ?? false
        }) {
            return "assigned after Unicode 15.0 (our tables are UCD 15.0, the oracle's 17.0)"
        }
        if first.properties.isEmojiModifierBase && !first.properties.isEmojiPresentation
            && scalars.contains(where: { (0x1F3FB...0x1F3FF).contains($0.value) })
        {
            return "skin tone on a text-default base: an emoji modifier sequence is emoji-presented (UTS #51), so 2"
        }
        if scalars.count == 1 && Self.widenedInUnicode16.contains(where: { $0.contains(first.value) }) {
            return "East Asian Width W since Unicode 16.0 (Yijing and Tai Xuan Jing symbols), N in our UCD 15.0"
        }
        if !first.properties.isEmojiPresentation && !scalars.contains("\u{FE0F}")
            && scalars.contains(where: { $0 == "\u{200D}" || $0 == "\u{20E3}" })
        {
            return "ZWJ or keycap sequence without VS16: 2 as one emoji glyph (overcounting is safe), the oracle 1"
        }
        if scalars.count == 1 && first.properties.generalCategory == .spacingMark {
            return "a spacing mark with no base: 1 as glibc's wcwidth and terminals draw it, the oracle 0"
        }
        if scalars.count == 1 && first.value == 0x3164 {
            return "Hangul filler: 2 as glibc's wcwidth and terminals draw it, the oracle 0 (default-ignorable)"
        }
        if scalars.count == 1 && (first.value == 0x2028 || first.value == 0x2029) {
            return "line and paragraph separators: 1, but sanitising escapes them before measuring"
        }
        return nil
    }

    @Test(.enabled(if: oracleAvailable, "python3 with the wcwidth package is not installed"))
    func agreesWithWcwidth() throws {
        var strings: [[Unicode.Scalar]] = []
        for value in UInt32(0x20)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            switch scalar.properties.generalCategory {
            case .unassigned, .privateUse, .surrogate, .control: continue
            default: strings.append([scalar])
            }
        }
        let singles = strings.count
        if let text = try? String(contentsOfFile: Self.emojiTest, encoding: .utf8) {
            for line in text.split(separator: "\n") where !line.hasPrefix("#") && line.contains(";") {
                let points = line.split(separator: ";")[0].split(separator: " ").compactMap { UInt32($0, radix: 16) }
                strings.append(points.compactMap(Unicode.Scalar.init))
            }
        }
        let input = strings.map { $0.map { String($0.value, radix: 16) }.joined(separator: " ") }.joined(
            separator: "\n")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("oracle-\(UUID().uuidString).txt")
        try input.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let output = try Oracle.run([
            Self.root.appendingPathComponent("scripts/unicode/wcwidth-oracle.py").path, file.path,
        ])
        let lines = output.split(separator: "\n")
        let widths = lines.dropFirst().compactMap { Int($0) }
        try #require(widths.count == strings.count)

        var explained: [String: Int] = [:]
        var unexplained: [String] = []
        for (scalars, oracle) in zip(strings, widths) {
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars)
            let ours = DisplayWidth.of(text)
            guard ours != oracle else { continue }
            if let reason = Self.reason(scalars) {
                explained[reason, default: 0] += 1
            } else {
                let hex = scalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
                unexplained.append("\(hex) ours \(ours) oracle \(oracle)")
            }
        }
        let agreeing = strings.count - unexplained.count - explained.values.reduce(0, +)
        print("\(lines.first ?? ""): \(agreeing) of \(strings.count) strings agree (\(singles) code points)")
        for (reason, count) in explained.sorted(by: { $0.key < $1.key }) {
            print("  \(count) differ: \(reason)")
        }
        #expect(
            unexplained.isEmpty, "\(unexplained.count) unexplained: \(unexplained.prefix(400).joined(separator: "; "))")
    }
}

/// Runs `python3`.
enum Oracle {
    struct Failure: Error {}

    static func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure() }
        return String(decoding: data, as: UTF8.self)
    }
}
