import Foundation
public import Testing

/// Compares `text` with the golden file
/// `Tests/<Target>/__Snapshots__/<TestFile>/<name>.txt`.
///
/// The golden file is written when it is missing or when `RECORD_SNAPSHOTS=1`
/// is set; the test then fails, so that a recording is never taken for a pass.
/// - Parameters:
///   - text: The rendered output to check.
///   - name: The snapshot's name, unique within the test file.
public func assertSnapshot(
    _ text: String,
    named name: String,
    filePath: StaticString = #filePath,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let testFile = URL(fileURLWithPath: "\(filePath)")
    let directory = testFile.deletingLastPathComponent()
        .appendingPathComponent("__Snapshots__")
        .appendingPathComponent(testFile.deletingPathExtension().lastPathComponent)
    let golden = directory.appendingPathComponent("\(name).txt")
    let record = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"

    if !record, let data = FileManager.default.contents(atPath: golden.path) {
        let expected = String(decoding: data, as: UTF8.self)
        if expected != text {
            Issue.record(
                """
                Snapshot '\(name)' differs from \(golden.path).
                Re-record with RECORD_SNAPSHOTS=1 if the change is intended.
                \(firstDifference(expected, text))
                """,
                sourceLocation: sourceLocation
            )
        }
        return
    }
    do {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: golden)
        Issue.record(
            "Recorded snapshot '\(name)' at \(golden.path); run the tests again.", sourceLocation: sourceLocation)
    } catch {
        Issue.record("Could not record snapshot '\(name)': \(error)", sourceLocation: sourceLocation)
    }
}

/// The first line where two texts differ, for a readable failure.
func firstDifference(_ expected: String, _ actual: String) -> String {
    let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let b = actual.split(separator: "\n", omittingEmptySubsequences: false)
    for index in 0..<max(a.count, b.count) {
        let left = index < a.count ? String(a[index]) : "<missing>"
        let right = index < b.count ? String(b[index]) : "<missing>"
        if left != right {
            return "line \(index + 1):\n  expected: \(left)\n  actual:   \(right)"
        }
    }
    return "(texts differ only in line endings)"
}
