import ResultKit
import StreamingJSON
import TextMatching

/// A scalar field's value as text and, when it reads as one, a number.
struct FieldValue {
    var text: String
    var number: Double?

    init(text: String, number: Double?) {
        self.text = text
        self.number = number
    }

    init?(_ value: JSONValue?) {
        guard let value, let text = value.scalarText else { return nil }
        self.text = text
        if case .bool = value {
            self.number = nil
        } else {
            self.number = Double(text.trimmingSpaces).flatMap { $0.isFinite ? $0 : nil }
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

/// The search fields' texts of one record, computed when asked.
struct FieldTexts {
    let object: JSONObject
    let fields: [SearchField]

    subscript(index: Int) -> String? { fields[index].text(object) }
}
