/// A new kind's name in its several spellings.
public struct KindName: Sendable, Equatable {
    /// `Weather`: the type name prefix.
    public let typeName: String
    /// `WeatherKind`: the module.
    public let moduleName: String
    /// `weather`: the kind's name in records and the `ResultKind` member.
    public let memberName: String

    /// Accepts `Weather`, `weather` or `WeatherKind`.
    /// - Throws: ``ScaffoldError/invalidName(_:)`` when it is not an identifier.
    public init(_ text: String) throws(ScaffoldError) {
        var base = text
        if base.hasSuffix("Kind") && base.count > 4 { base.removeLast(4) }
        // `Kind` alone would make a module `KindKind` with a member `.kind`.
        guard Self.isIdentifier(base), base.first?.isLetter == true, base != "Kind" else { throw .invalidName(text) }
        let typeName = base.prefix(1).uppercased() + base.dropFirst()
        self.typeName = typeName
        self.moduleName = typeName + "Kind"
        self.memberName = Self.lowerCamel(typeName)
    }

    /// Letters, digits and `_`, not starting with a digit; ASCII only, so the
    /// name is also a valid module and folder name everywhere.
    public static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, !text.isEmpty else { return false }
        let isASCIILetterOrDigit: (Unicode.Scalar) -> Bool = { scalar in
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || scalar == "_"
        }
        return !("0"..."9").contains(first) && text.unicodeScalars.allSatisfy(isASCIILetterOrDigit)
    }

    /// `Weather` → `weather`, `URL` → `url`, `HTTPHeader` → `httpHeader`.
    public static func lowerCamel(_ text: String) -> String {
        let characters = Array(text)
        var upperRun = 0
        while upperRun < characters.count, characters[upperRun].isUppercase { upperRun += 1 }
        if upperRun == 0 { return text }
        // Keep the last capital of a run when it starts the next word.
        let lowered = upperRun > 1 && upperRun < characters.count ? upperRun - 1 : upperRun
        return String(characters[..<lowered]).lowercased() + String(characters[lowered...])
    }
}

/// Why a kind cannot be scaffolded.
public enum ScaffoldError: Error, Equatable, CustomStringConvertible {
    case invalidName(String)
    case alreadyExists(String)
    case manifestListNotFound

    public var description: String {
        switch self {
        case .invalidName(let name):
            "'\(name)' is not a valid kind name: use letters, digits and _, starting with a letter (for example Weather)"
        case .alreadyExists(let what):
            "\(what) already exists; choose another name or remove it first"
        case .manifestListNotFound:
            "could not find the `let kindModules: [String] = [ … ]` list in Package.swift"
        }
    }
}
