import ResultKit
import StreamingJSON
import TextMatching

/// A scalar field's value as text and, when it reads as one, a number.
package struct FieldValue {
    package var text: String
    package var number: Double?

    package init(text: String, number: Double?) {
        self.text = text
        self.number = number
    }

    init?(_ value: JSONValue?) {
        guard let value, let text = value.scalarText else { return nil }
        self.text = text
        if case .bool = value {
            self.number = nil
        } else {
            // Most texts (every JSON number) neither start nor end with a
            // space or a tab byte, so no character there is one: nothing to trim.
            let utf8 = text.utf8
            let untrimmed =
                utf8.first.map { $0 != 0x20 && $0 != 0x09 } == true
                && utf8.last.map { $0 != 0x20 && $0 != 0x09 } == true
            // A short decimal (`4.99`, `-12`) is read exactly as `Double(_:)`
            // reads it, without the general conversion.
            if untrimmed, let number = JSONObject.shortDecimal(text) {
                self.number = number
            } else {
                self.number = (untrimmed ? Double(text) : Double(text.trimmingSpaces)).flatMap {
                    $0.isFinite ? $0 : nil
                }
            }
        }
    }

    /// Numbers compare as numbers, anything else as folded text.
    func compare(_ other: FieldValue) -> Int? {
        if let a = number, let b = other.number { return a < b ? -1 : (a > b ? 1 : 0) }
        let a = TextNormalizer.fold(text)
        let b = TextNormalizer.fold(other.text)
        return a < b ? -1 : (a > b ? 1 : 0)
    }
}
