/// The files of a new kind module and its tests, and the edit that adds it to
/// Package.swift's `kindModules` list.
public enum KindScaffold {
    /// A file to create, relative to the package root.
    public struct File: Sendable, Equatable {
        public var path: String
        public var contents: String
    }

    /// The new module's sources and tests.
    public static func files(for name: KindName) -> [File] {
        let type = name.typeName
        let module = name.moduleName
        let member = name.memberName
        return [
            File(
                path: "Sources/\(module)/\(type).swift",
                contents: """
                    public import ResultKit

                    /// A \(member): the model decoded from a record.
                    public struct \(type): Sendable, Hashable {
                        public var name: String
                        public var summary: String?

                        /// Decodes `{"kind":"\(member)","name":"…","summary":"…"}`.
                        public init(record: JSONObject) throws(RecordDecodingError) {
                            self.name = try record.requiredString("name")
                            self.summary = try record.optionalString("summary")
                        }
                    }

                    """
            ),
            File(
                path: "Sources/\(module)/\(type)ViewModel.swift",
                contents: """
                    public import ResultKit

                    /// How a \(member) looks in the table.
                    public struct \(type)ViewModel: CellRepresentable {
                        public var model: \(type)

                        public init(model: \(type)) {
                            self.model = model
                        }

                        public var name: String { model.name }

                        public var detailCells: [Cell] { [Cell(model.summary ?? "", style: .dim)] }
                    }

                    """
            ),
            File(
                path: "Sources/\(module)/ResultKind+\(type).swift",
                contents: """
                    public import ResultKit

                    extension ResultKind {
                        /// \(type) results.
                        public static let \(member) = ResultKind(
                            name: "\(member)",
                            plural: "\(member)s",
                            columns: [KindColumn("SUMMARY", field: "summary", priority: 10, maxWidth: 50)],
                            searchFields: [.field("name", weight: 100), .field("summary", weight: 20)],
                            fields: ["name", "summary"],
                            sample: BundledSample(fileName: "\(member)s.jsonl", text: sampleNDJSON),
                            decode: \(type).init(record:),
                            present: \(type)ViewModel.init(model:)
                        )
                    }

                    """
            ),
            File(
                path: "Sources/\(module)/Sample/\(type)Sample.swift",
                contents: """
                    // Replace with real public data and keep its licence notice in LICENSES/.

                    /// The bundled sample, one JSON record per line.
                    let sampleNDJSON: StaticString = #\"\"\"
                        {"kind":"\(member)","name":"First \(member)","summary":"An example record"}
                        {"kind":"\(member)","name":"Second \(member)","summary":"Another example record"}
                        \"\"\"#

                    """
            ),
            File(
                path: "Tests/\(module)Tests/\(type)Tests.swift",
                contents: """
                    import ResultKit
                    import Testing
                    import \(module)

                    @Suite struct \(type)Tests {
                        @Test func decodesARecordAndBuildsItsRow() throws {
                            let record = try JSONParser().parse(#"{"kind":"\(member)","name":"Example","summary":"Short"}"#)
                            let object = try #require(record.objectValue)
                            let row = try ResultKind.\(member).makeRow(object)
                            #expect(row.name == "Example")
                            #expect(row.detailCells.count == ResultKind.\(member).columns.count)
                        }

                        @Test func rejectsARecordWithoutAName() throws {
                            let record = try JSONParser().parse(#"{"kind":"\(member)"}"#)
                            let object = try #require(record.objectValue)
                            #expect(throws: RecordDecodingError.self) { try ResultKind.\(member).makeRow(object) }
                        }
                    }

                    """
            ),
        ]
    }

    /// Whether `manifest` has the `kindModules` list that ``addingModule(_:to:)`` edits, as ResultKit's own has.
    public static func hasKindList(_ manifest: String) -> Bool {
        manifest.split(separator: "\n").contains { $0.contains("let kindModules") && $0.contains("[") }
    }

    /// What to add to a manifest without a `kindModules` list, such as a team's own package that depends on
    /// ResultKit, in the words a person copies: the kind's target and test target, and the kind among the
    /// dependencies of the executable that registers it.
    /// - Parameters:
    ///   - package: The `package:` that names ResultKit in that manifest's `.product(name:package:)`.
    ///   - executables: The package's executable targets, to name the one to edit when there is only one.
    public static func manifestAdditions(for name: KindName, package: String, executables: [String]) -> String {
        let module = name.moduleName
        let resultKit = ".product(name: \"ResultKit\", package: \"\(package)\")"
        let executable =
            executables.count == 1
            ? "of the executable `\(executables[0])`" : "of the executable that applies the RegisterKinds plugin"
        return """
            Package.swift has no `kindModules` list: add \(module) to it yourself.
            In `targets:`, add
                    .target(name: "\(module)", dependencies: [\(resultKit)]),
                    .testTarget(name: "\(module)Tests", dependencies: ["\(module)", \(resultKit)]),
            and in the `dependencies:` \(executable), add
                            "\(module)",

            """
    }

    /// `manifest` with `module` added, sorted, to the `kindModules` list.
    /// - Throws: ``ScaffoldError/alreadyExists(_:)`` when it is listed, or
    ///   ``ScaffoldError/manifestListNotFound``.
    public static func addingModule(_ module: String, to manifest: String) throws(ScaffoldError) -> String {
        var lines = manifest.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(where: { $0.contains("let kindModules") && $0.contains("[") }),
            let end = lines[start...].firstIndex(where: { $0.trimmingCharacters() == "]" })
        else { throw .manifestListNotFound }
        var modules = lines[(start + 1)..<end].map { $0.trimmingCharacters() }.filter { !$0.isEmpty }
            .map { $0.filter { $0 != "\"" && $0 != "," } }
        if modules.contains(module) { throw .alreadyExists("\(module) in Package.swift") }
        modules.append(module)
        modules.sort()
        lines.replaceSubrange((start + 1)..<end, with: modules.map { "    \"\($0)\"," })
        return lines.joined(separator: "\n")
    }
}

extension String {
    func trimmingCharacters() -> String {
        let characters = Array(self)
        guard let first = characters.firstIndex(where: { $0 != " " && $0 != "\t" }),
            let last = characters.lastIndex(where: { $0 != " " && $0 != "\t" })
        else { return "" }
        return String(characters[first...last])
    }
}
