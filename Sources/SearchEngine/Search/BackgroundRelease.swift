import Dispatch

/// Frees large values on a background thread, so that taking apart a
/// hundred thousand rows does not hold up the output or the exit.
///
/// The value must be handed over with `consume` and referenced nowhere else:
/// the background thread then holds the only reference, and drops it. A
/// process that exits first simply never frees it, which is what the system
/// does with its memory anyway.
package enum BackgroundRelease {
    /// Holds the value until the background thread empties it.
    private final class Box<Value>: @unchecked Sendable {
        var value: Value?

        init(_ value: consuming Value) {
            self.value = consume value
        }
    }

    /// Frees `value` on a background thread.
    package static func release<Value>(_ value: consuming Value) {
        let box = Box(consume value)
        DispatchQueue.global(qos: .utility).async { box.value = nil }
    }
}
