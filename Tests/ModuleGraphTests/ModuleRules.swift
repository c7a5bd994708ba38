import KindCodegen

/// The package's module rules, in one place: what each module may use, and why. `CONTRIBUTING.md` draws the same
/// graph; ``ModuleGraphTests`` holds every target of `Package.swift` to it, by its imports and by its declared
/// dependencies, test targets included.
///
/// A module not named here is placed by its form: a `FooKind` module is a kind, a `FooTests` target is a test.
/// Any other new module fails the test until it is given a line below.
enum ModuleRules {
    /// What a module may use, and the reason a violation quotes.
    struct Allowance: Equatable {
        var mayUse: Set<String>
        var because: String
    }

    /// Libraries that know nothing of the project but the byte module.
    static let leafLibraries: Set<String> = [
        "TerminalTable", "StreamingJSON", "TextMatching", "ProcessMemory", "MySQLWire", "ByteScan",
        // The system's zlib (a system library target), for gzip input.
        "CZlib",
    ]

    /// The one module whose code handles raw memory (pointers, unaligned loads, C calls that take a pointer) and
    /// offers the rest a small safe API, as swift-nio's `ByteBuffer` does. Any library may use it; a kind may not.
    static let byteModule = "RawBytes"

    /// The most source files outside ``byteModule`` that may use unsafe code (``unsafeConstructs``): as many as
    /// there are today. Each is a byte walk or a C call not yet moved behind the byte module's safe API (the aim is
    /// 20 at most); lower it as they move, never raise it.
    static let unsafeFileLimit = 19

    /// Modules that may hold no unsafe code at all: the plug-in API and the kinds, which people copy.
    static func mustBeFreeOfUnsafeCode(_ module: String) -> Bool {
        module == "ResultKit" || module == "KindSpecs" || isKindModule(module)
    }

    /// What unsafe code looks like in a source line: an unsafe pointer type or what is read through one, a cast
    /// of bits, a closure over raw memory, an unchecked load or subscript, uninitialised storage, a rebinding of
    /// memory. `Span`, `RawSpan` and `MutableSpan` are the safe views that replace them.
    static let unsafeConstructs = [
        "UnsafePointer", "UnsafeMutablePointer", "UnsafeRawPointer", "UnsafeMutableRawPointer",
        "UnsafeBufferPointer", "UnsafeMutableBufferPointer", "UnsafeRawBufferPointer", "UnsafeMutableRawBufferPointer",
        "OpaquePointer", "Unmanaged<", "unsafeBitCast", "withUnsafe", "unsafeLoad", "unsafeUninitialized",
        "[unchecked:", "assumingMemoryBound", "bindMemory", "withMemoryRebound", ".pointee", "baseAddress",
        "unsafeArgv",
    ]

    /// The libraries and executables, by name, with the project modules each may use.
    static let modules: [String: Allowance] = {
        var table: [String: Allowance] = [
            "ResultKit": Allowance(
                mayUse: ["TerminalTable", "StreamingJSON"],
                because: "the plug-in API stands only on the leaf libraries whose types it re-exports to kinds"),
            "KindSpecs": Allowance(
                mayUse: ["ResultKit", "TerminalTable", "StreamingJSON", "TextMatching"],
                because: "kind specs are a kind provider: the plug-in API and the leaf libraries"),
            "SearchEngine": Allowance(
                mayUse: [
                    "ResultKit", "TerminalTable", "StreamingJSON", "TextMatching", "ProcessMemory", "ByteScan",
                ],
                because: "the engine knows no printer, picker, remote source or kind"),
            "ResultOutput": Allowance(
                mayUse: ["SearchEngine", "ResultKit", "TerminalTable", "StreamingJSON", "TextMatching"],
                because: "the printers see only the engine's results"),
            "SphinxCluster": Allowance(
                mayUse: ["SearchEngine", "ResultKit", "MySQLWire", "StreamingJSON", "TextMatching"],
                because: "a remote source plugs into the engine's SearchSource seam"),
            "InteractiveSearch": Allowance(
                mayUse: [
                    "ResultOutput", "SearchEngine", "ResultKit", "TerminalTable", "StreamingJSON", "TextMatching",
                    "ProcessMemory",
                ],
                because:
                    "the picker draws the printers' table over the engine; only the command wires in a remote source"),
            "SearchCLI": Allowance(
                mayUse: [
                    "InteractiveSearch", "SphinxCluster", "ResultOutput", "SearchEngine", "KindSpecs", "ResultKit",
                    "TerminalTable", "StreamingJSON", "TextMatching", "ProcessMemory",
                ],
                because: "the command wires the libraries together and names no kind"),
            "KindCodegen": Allowance(
                mayUse: [], because: "code generation behind the plugins knows nothing of the project"),
            "generate-kind-registry": Allowance(mayUse: ["KindCodegen"], because: "a plugin's tool is a thin main"),
            "scaffold-kind": Allowance(mayUse: ["KindCodegen"], because: "a plugin's tool is a thin main"),
            "TestSupport": Allowance(
                mayUse: ["ResultOutput", "SearchEngine", "ResultKit", "TerminalTable", "StreamingJSON"],
                because: "the tests' helpers render and search as the command does, and name no kind"),
        ]
        for leaf in leafLibraries {
            table[leaf] = Allowance(
                mayUse: [byteModule], because: "a leaf library knows nothing of the project but the byte module")
        }
        // zlib's stream holds pointers into its input and output, so the byte module wraps it.
        table[byteModule] = Allowance(
            mayUse: ["CZlib"], because: "the byte module knows nothing of the project but the C libraries it wraps")
        // Every library may put its raw memory behind the byte module's safe API; a kind is held to ResultKit.
        for (module, allowance) in table where module != byteModule {
            table[module]?.mayUse = allowance.mayUse.union([byteModule])
        }
        return table
    }()

    /// A kind module (`FooKind`): a template people copy, in this package or their own.
    static let kindModule = Allowance(
        mayUse: ["ResultKit"], because: "a kind module needs only the plug-in API, as in anyone's package")

    /// The executable whose RegisterKinds plugin imports every kind module it depends on.
    static let registeringExecutable = "search"
    static let registeringExecutableAllowance = Allowance(
        mayUse: ["SearchCLI", "ResultKit"], because: "the executable is the command and the kinds it registers")

    /// The tests of the command, which run it in-process with the built-in kinds, as the executable does.
    static let commandTests = "SearchCLITests"

    /// Modules that nothing the `search` executable links may import; the build tools and the tests may.
    static let notInTheBinary = (
        modules: Set(["Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking"]),
        because: "search links no Foundation (CONTRIBUTING.md, \"Why there is no Foundation\")"
    )

    /// Whether `module` is a kind module by its name.
    static func isKindModule(_ module: String) -> Bool { RegistrySource.isKindModule(module) }

    /// What a library or executable may use: its line in ``modules``, or the rule of its form.
    static func allowance(for module: String) -> Allowance? {
        if module == registeringExecutable { return registeringExecutableAllowance }
        return modules[module] ?? (isKindModule(module) ? kindModule : nil)
    }

    /// Why `module` may not use `other`, or `nil` when it may. Only project modules are asked about.
    static func reason(_ module: String, uses other: String) -> String? {
        if module.hasSuffix("Tests") { return testReason(module, uses: other) }
        if module == registeringExecutable, isKindModule(other) { return nil }
        guard let allowance = allowance(for: module) else {
            return "\(module) has no place in ModuleRules: add it, with what it may use and why"
        }
        return allowance.mayUse.contains(other) ? nil : allowance.because
    }

    /// A test may use any library it tests with, but a kind only as its own tests or the command's tests, the
    /// command only as its tests, and an executable only to build it.
    private static func testReason(_ test: String, uses other: String) -> String? {
        if isKindModule(other), test != other + "Tests", test != commandTests {
            return "only a kind's own tests and the command's tests name a kind module"
        }
        if other == "SearchCLI", test != commandTests {
            return "only the command's tests build on the command; others run the search executable"
        }
        if other == "KindCodegen", test != "KindCodegenTests", test != "ModuleGraphTests" {
            return "code generation is tested by its own tests"
        }
        return nil
    }
}
