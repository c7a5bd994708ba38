import TerminalTable
import TextMatching

/// Splits a command line into options and positional arguments, following
/// the conventions of swift-argument-parser tools: `--opt value`,
/// `--opt=value`, `-o value`, `-ovalue`, grouped short flags, repeated
/// options, and `--` to end options.
struct ArgumentParser {
    let options: [OptionSpec]

    /// The command line, sorted out.
    struct Parsed {
        /// Every value given to each option, in order, by long name. For an
        /// option that is not repeatable, the last one wins.
        var values: [String: [String]] = [:]
        /// The flags given, by long name.
        var flags: Set<String> = []
        /// The arguments that are not options.
        var positionals: [String] = []
        /// Where each of ``positionals`` stood in the command line.
        var positionalIndices: [Int] = []
        /// Values glued to a short option (`-kong` for `-k ong`), which may
        /// have been meant as a word of the query, such as an exclusion.
        var attachedValues: [AttachedValue] = []

        /// A value glued to a short option, as the user typed it.
        struct AttachedValue: Equatable {
            /// The option's long name.
            var option: String
            var value: String
            /// The whole argument, such as `-kong`.
            var argument: String
            /// Where it stood in the command line.
            var index: Int
        }

        func last(_ name: String) -> String? { values[name]?.last }
        func all(_ name: String) -> [String] { values[name] ?? [] }
    }

    func parse(_ arguments: [String]) throws(UsageError) -> Parsed {
        var parsed = Parsed()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                parsed.positionals += arguments[index...]
                parsed.positionalIndices += arguments.indices[index...]
                break
            }
            if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                let name = String(body.prefix { $0 != "=" })
                let inline = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
                guard let option = options.first(where: { $0.long == name }) else {
                    throw UsageError.unknownOption("--\(name)", suggestion: suggestion(for: name))
                }
                try take(
                    option, spelled: "--\(name)", inline: inline, arguments: arguments, index: &index, into: &parsed)
            } else if argument.hasPrefix("-") && argument.count > 1
                && (!Self.isNumber(argument) || isShortOption(argument))
            {
                var characters = argument.dropFirst()[...]
                while let short = characters.popFirst() {
                    guard let option = options.first(where: { $0.short == short }) else {
                        throw UsageError.unknownOption("-\(short)", suggestion: nil)
                    }
                    if option.takesValue {
                        let inline = characters.isEmpty ? nil : String(characters)
                        if let inline {
                            parsed.attachedValues.append(
                                .init(option: option.long, value: inline, argument: argument, index: index - 1))
                        }
                        try take(
                            option, spelled: "-\(short)", inline: inline, arguments: arguments, index: &index,
                            into: &parsed)
                        break
                    }
                    try take(
                        option, spelled: "-\(short)", inline: nil, arguments: arguments, index: &index, into: &parsed)
                }
            } else {
                parsed.positionals.append(argument)
                parsed.positionalIndices.append(index - 1)
            }
        }
        return parsed
    }

    private func take(
        _ option: OptionSpec,
        spelled: String,
        inline: String?,
        arguments: [String],
        index: inout Int,
        into parsed: inout Parsed
    ) throws(UsageError) {
        guard option.takesValue else {
            if let inline { throw UsageError.invalidValue(spelled, inline, reason: "this flag takes no value") }
            parsed.flags.insert(option.long)
            return
        }
        let value: String
        if let inline {
            value = inline
        } else if index < arguments.count {
            value = arguments[index]
            index += 1
        } else {
            throw UsageError.missingValue(option.synopsis)
        }
        parsed.values[option.long, default: []].append(value)
    }

    /// The closest long option name, for "did you mean".
    func suggestion(for name: String) -> String? {
        let scored = options.map { ($0.long, EditDistance.between(name, $0.long)) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, name.count / 3) else {
            return options.first { $0.long.hasPrefix(name) && !name.isEmpty }.map { "--\($0.long)" }
        }
        return "--\(best.0)"
    }

    /// Whether `argument` is a short option named by a digit (`-1`), which
    /// is that option, not the number.
    private func isShortOption(_ argument: String) -> Bool {
        argument.count == 2 && options.contains { $0.short == argument.last }
    }

    static func isNumber(_ text: String) -> Bool {
        Double(text) != nil
    }
}

/// A mistake in how the command was called: exit status 64.
enum UsageError: Error, Equatable {
    case unknownOption(String, suggestion: String?)
    case missingValue(String)
    case invalidValue(String, String, reason: String)
    /// A value that must not be repeated back (it holds a password).
    case refusedValue(String, reason: String)

    /// The message, with what the user typed made safe to print.
    var message: String {
        switch self {
        case .refusedValue(let option, let reason):
            "The value given for '\(TerminalText.sanitize(option))' is refused: \(reason)"
        case .unknownOption(let option, _): "Unknown option '\(TerminalText.sanitize(option))'"
        case .missingValue(let synopsis): "Missing value for '\(synopsis)'"
        case .invalidValue(let option, let value, let reason):
            "The value '\(TerminalText.sanitize(value))' is invalid for '\(TerminalText.sanitize(option))': \(reason)"
        }
    }

    var hint: String? {
        if case .unknownOption(_, let suggestion?) = self { return "Did you mean '\(suggestion)'?" }
        return nil
    }
}
