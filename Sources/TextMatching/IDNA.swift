/// Internationalised domain names (IDNA): the same host spelled in Unicode (`люблюзиму.рф`) and in
/// ASCII (`xn--90amdjbi3c0ec.xn--p1ai`), so that a query in either spelling finds a record in the
/// other.
///
/// The mapping is that of UTS #46 for what hosts in records and queries hold: letters are lower-cased
/// (`ß` stays `ß`, as IDNA 2008 and browsers keep it), the ideographic full stops `。．｡` separate
/// labels as `.` does, and each label with non-ASCII letters is Punycode (RFC 3492) after `xn--`.
/// Input is taken as it is composed (NFC); decomposed accents are not composed first.
public enum IDNA {
    /// The ASCII spelling of `host`, or nil when a label cannot be spelled (empty, or too long).
    public static func toASCII(_ host: String) -> String? {
        var labels: [String] = []
        for label in mappedLabels(host) {
            if label.allSatisfy(\.isASCII) {
                labels.append(String(String.UnicodeScalarView(label)))
                continue
            }
            guard let encoded = Punycode.encode(label), encoded.utf8.count + 4 <= 63 else { return nil }
            labels.append("xn--" + encoded)
        }
        return labels.joined(separator: ".")
    }

    /// The Unicode spelling of `host`, with each `xn--` label decoded, or nil when one is not valid
    /// Punycode.
    public static func toUnicode(_ host: String) -> String? {
        var labels: [String] = []
        for label in mappedLabels(host) {
            let text = String(String.UnicodeScalarView(label))
            guard text.hasPrefix("xn--") else {
                labels.append(text)
                continue
            }
            guard let decoded = Punycode.decode(String(text.dropFirst(4))), !decoded.isEmpty,
                !decoded.allSatisfy(\.isASCII)
            else { return nil }
            labels.append(String(String.UnicodeScalarView(decoded)))
        }
        return labels.joined(separator: ".")
    }

    /// The other spelling of a query word that is a host: the Unicode one of an `xn--` host, the
    /// ASCII one of a host with non-ASCII letters; nil for any other word.
    public static func otherSpelling(ofHost word: String) -> String? {
        let labels = mappedLabels(word)
        // A single label is a host only when it says so (`xn--fiqs8s`, the top-level domain 中国).
        let isACE = labels.contains { String(String.UnicodeScalarView($0)).hasPrefix("xn--") }
        guard labels.count >= 2 || isACE, labels.allSatisfy({ !$0.isEmpty }),
            labels.joined().allSatisfy({ $0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == "-" })
        else { return nil }
        let other: String?
        if isACE {
            other = toUnicode(word)
        } else if !word.unicodeScalars.allSatisfy(\.isASCII) {
            other = toASCII(word)
        } else {
            other = nil
        }
        return other == word ? nil : other
    }

    /// The labels of `host` after mapping: lower-cased, split at full stops.
    private static func mappedLabels(_ host: String) -> [[Unicode.Scalar]] {
        var labels: [[Unicode.Scalar]] = [[]]
        for scalar in host.unicodeScalars {
            switch scalar {
            case ".", "\u{3002}", "\u{FF0E}", "\u{FF61}":
                labels.append([])
            default:
                labels[labels.count - 1].append(contentsOf: lowercased(scalar))
            }
        }
        return labels
    }

    /// A scalar lower-cased; `ß` and other letters without a one-letter lower case stay as they are.
    private static func lowercased(_ scalar: Unicode.Scalar) -> [Unicode.Scalar] {
        guard scalar.properties.changesWhenLowercased else { return [scalar] }
        return Array(scalar.properties.lowercaseMapping.unicodeScalars)
    }
}
