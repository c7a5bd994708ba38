import Foundation
import TestSupport
import Testing

/// The built `search` over data of this very system, as the issue's tester
/// used it: the installed Debian packages as NDJSON from `dpkg-query` (the
/// maintainer nested), and `/etc/passwd` as CSV. What `search` finds is
/// checked against what `jq` and plain counting find in the same files.
@Suite(.serialized) struct SpecRealDataTests {
    static let packageSpec = #"""
        {"name": "package", "plural": "packages",
         "columns": [
           {"header": "Version", "path": "/version", "noWrap": true, "maxWidth": 12},
           {"header": "Size", "path": "/installed_size", "type": "integer", "format": "bytes", "unit": "KiB"},
           {"header": "Maintainer", "path": "/maintainer/name"},
           {"header": "Maintainer mail", "path": "/maintainer/email"}
         ],
         "search": [{"path": "/name", "weight": 100}, {"path": "/summary", "weight": 20}]}
        """#

    static let userSpec = #"""
        {"name": "user", "plural": "users",
         "columns": [
           {"header": "UID", "path": "/uid", "type": "integer"},
           {"header": "IDs", "template": "{uid}:{gid}"},
           {"header": "Shell", "path": "/shell"},
           {"header": "Comment", "path": "/gecos", "missing": "–"}
         ],
         "search": [{"path": "/name", "weight": 100}]}
        """#

    /// A folder with the specs, `packages.jsonl` from dpkg-query and
    /// `users.csv` from /etc/passwd; `nil` where the system has neither.
    static func withSystemData(_ body: (URL) throws -> Void) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/dpkg-query"),
            FileManager.default.fileExists(atPath: "/etc/passwd")
        else {
            Issue.record("this test reads a Debian system's dpkg database and /etc/passwd")
            return
        }
        try SpecFixtures.withTemporaryDirectory { directory in
            let kinds = directory.appendingPathComponent("kinds")
            try FileManager.default.createDirectory(at: kinds, withIntermediateDirectories: true)
            try SpecFixtures.write(Self.packageSpec, to: "package.kind.json", in: kinds)
            try SpecFixtures.write(Self.userSpec, to: "user.kind.json", in: kinds)
            let packages = try shell(
                #"dpkg-query -W -f='${Package}\t${Version}\t${Installed-Size}\t${Maintainer}\t${binary:Summary}\n' | "#
                    + #"jq -R -c 'split("\t") | {kind: "package", name: .[0], version: .[1], "#
                    + #"installed_size: (.[2] | tonumber? // .[2]), "#
                    + #"maintainer: (.[3] | capture("^(?<name>.*?) *<(?<email>[^>]*)>$") // {name: .}), summary: .[4]}'"#
            )
            try SpecFixtures.write(packages, to: "packages.jsonl", in: directory)
            // Commas inside a GECOS field would make a row of too many fields: quote it.
            let users = try shell(
                #"awk -F: 'BEGIN { print "name,password,uid,gid,gecos,home,shell" } "#
                    + #"{ printf "%s,%s,%s,%s,\"%s\",%s,%s\n", $1, $2, $3, $4, $5, $6, $7 }' /etc/passwd"#)
            try SpecFixtures.write(users, to: "users.csv", in: directory)
            try body(directory)
        }
    }

    static func shell(_ command: String, in directory: URL? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        if let directory { process.currentDirectoryURL = directory }
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init)
    }

    @Test func aNestedColumnFiltersAndSortsTheInstalledPackagesAsJqDoes() throws {
        try Self.withSystemData { directory in
            let run = try BinaryRunner.run(
                [
                    "size>10000", "--kinds", "kinds", "--data", "packages.jsonl", "--sort", "-size", "--fields",
                    "name,size", "-o", "tsv", "--no-headers", "-n", "100000",
                ], in: directory)
            #expect(run.status == 0, "\(run.stderr)")
            let expected = try Self.shell(
                #"jq -r 'select((.installed_size | type) == "number" and .installed_size > 10000) | "#
                    + #"[.name, .installed_size] | @tsv' packages.jsonl | sort -t "$(printf '\t')" -k2,2nr -s"#,
                in: directory)
            #expect(!Self.lines(expected).isEmpty)
            #expect(Self.lines(run.stdout) == Self.lines(expected))
        }
    }

    @Test func aHeaderOfSeveralWordsNamesANestedValue() throws {
        try Self.withSystemData { directory in
            let run = try BinaryRunner.run(
                [
                    "maintainer_mail:debian.org", "--kinds", "kinds", "--data", "packages.jsonl", "-o", "jsonl",
                    "--fields", "name,maintainer_mail", "-n", "100000",
                ], in: directory)
            #expect(run.status == 0, "\(run.stderr)")
            let expected = try Self.shell(
                #"jq -c 'select((.maintainer.email // "") | ascii_downcase | contains("debian.org")) | .name' "#
                    + "packages.jsonl | sort", in: directory)
            let names = Self.lines(run.stdout).compactMap { line -> String? in
                guard let range = line.range(of: #""record":{"name":"#) else { return nil }
                return String(line[range.upperBound...].prefix { $0 != "," })
            }
            #expect(!names.isEmpty)
            #expect(names.sorted() == Self.lines(expected))
        }
    }

    @Test func passwdAsCSVFiltersOnUIDsAndAComputedColumn() throws {
        try Self.withSystemData { directory in
            let run = try BinaryRunner.run(
                [
                    "uid<1000", "--kinds", "kinds", "--data", "users.csv", "--fields", "name,ids", "-o", "csv",
                    "--no-headers", "-n", "100000",
                ], in: directory)
            #expect(run.status == 0, "\(run.stderr)")
            let expected = try Self.shell(#"awk -F: '$3 < 1000 { print $1 "," $3 ":" $4 }' /etc/passwd"#)
            #expect(Set(Self.lines(run.stdout.replacingOccurrences(of: "\r", with: ""))) == Set(Self.lines(expected)))
            #expect(!Self.lines(expected).isEmpty)
        }
    }

    @Test func aMistakenPathIsOneWarningAtTheEndAndStrictFails() throws {
        try Self.withSystemData { directory in
            let spec = Self.packageSpec.replacingOccurrences(of: "/maintainer/name", with: "/maintainer.name")
            try SpecFixtures.write(spec, to: "package.kind.json", in: directory.appendingPathComponent("kinds"))
            let run = try BinaryRunner.run(
                ["", "--kinds", "kinds", "--data", "packages.jsonl", "-n", "3", "--strict"], in: directory)
            #expect(run.status == 2)
            #expect(
                run.stderr.contains(
                    #"warning: kinds/package.kind.json: column Maintainer (/maintainer.name) matched no record; "#
                        + #"a JSON Pointer separates keys with "/": did you mean "/maintainer/name"?"#),
                "\(run.stderr)")
            #expect(run.stderr.components(separatedBy: "matched no record").count == 2)
        }
    }

    @Test func sortingByAnObjectIsAnErrorNamingItsType() throws {
        try Self.withSystemData { directory in
            let run = try BinaryRunner.run(
                ["", "--kinds", "kinds", "--data", "packages.jsonl", "--sort", "maintainer_name"], in: directory)
            #expect(run.status == 2)
            let object = try BinaryRunner.run(
                ["", "--data", "packages.jsonl", "--kind", "package", "--sort", "maintainer"], in: directory)
            #expect(object.status == 2)
            #expect(
                object.stderr.contains(
                    "error: cannot sort by 'maintainer': it is an object in records of kind package (packages.jsonl)"),
                "\(object.stderr)")
        }
    }

    @Test func theToolsPrintTheSchemaWriteAStarterAndListKindsAsJSON() throws {
        let schema = try BinaryRunner.run(["--kind-schema"])
        #expect(schema.status == 0)
        let file = SpecFixtures.packageRoot.appendingPathComponent("schemas/kind-spec.schema.json")
        #expect(schema.stdout == (try String(contentsOf: file, encoding: .utf8)))
        try SpecFixtures.withTemporaryDirectory { directory in
            let written = try BinaryRunner.run(["--new-kind-spec", "product"], in: directory)
            #expect(written.status == 0, "\(written.stderr)")
            #expect(written.stdout == "wrote ./product.kind.json\nwrote ./kind-spec.schema.json\n")
            #expect(
                written.stderr.hasPrefix(#"note: "product" is a built-in kind; the spec says "replaces": "product""#))
            let again = try BinaryRunner.run(["--new-kind-spec", "product"], in: directory)
            #expect(again.status == 2)
            #expect(again.stderr == "error: ./product.kind.json: already exists; edit it, or choose another name\n")
            let listed = try BinaryRunner.run(
                ["--kinds", ".", "--list-kinds", "-o", "json", "--kind", "product"], in: directory)
            #expect(listed.status == 0, "\(listed.stderr)")
            let json = try #require(
                try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: [[String: Any]]])
            let product = try #require(json["kinds"]?.first)
            #expect(product["origin"] as? String == "./product.kind.json")
            #expect(product["sample"] as? String == "products.jsonl")
            let columns = try #require(product["columns"] as? [[String: Any]])
            #expect(columns.map { $0["field"] as? String } == ["added", "summary"])
            #expect(columns.map { $0["type"] as? String } == ["date (date)", "string"])
        }
    }
}
