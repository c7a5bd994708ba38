import BenchSupport
import Glibc

/// The shape table: one query of each shape that people type, timed as a
/// whole process over the same file, next to a floor (a byte scan that
/// touches every line) and the peers that can express the same question.
///
/// Every command of every shape runs once per round and the rounds are
/// interleaved, so that the noise of a shared machine falls on all of them
/// alike; each figure is a median over the rounds, and each ratio is taken
/// between medians of the same run.
struct ShapeBench {
    /// One shape of query and how each tool says it.
    struct Shape {
        /// What the table calls it, e.g. `no match`.
        var name: String
        /// The arguments given to `search` before `--data FILE`.
        var search: [String]
        /// Whether it is a plain word, held to the `rg -i` target.
        var isPlainWord = false
        /// Why a shape with an `rg` command is not held to that target,
        /// printed beside its ratio.
        var rgNote: String?
        /// A shell command with `FILE` for the file, or `nil` where the tool cannot say it.
        var rg: String?
        var jq: String?
        var fzf: String?

        /// `search` as the table shows it.
        var label: String {
            "search "
                + search.filter { $0 != "--" }.map { $0.contains(" ") || $0.isEmpty ? "'\($0)'" : $0 }.joined(
                    separator: " ")
        }
    }

    /// The shapes of issue 20, over the generated mix (`coffee` is in 1.5 %
    /// of lines; `zzqxj`, `refund` and the phrase `coffee mug` are in none).
    static let shapes: [Shape] = [
        Shape(
            name: "word", search: ["coffee"], isPlainWord: true, rg: "rg -i coffee FILE | wc -l",
            jq: #"jq -c 'select(.name|test("coffee";"i"))' FILE | wc -l"#, fzf: "fzf --filter=coffee < FILE | wc -l"),
        Shape(
            name: "two words", search: ["coffee", "grinder"],
            jq: #"jq -c 'select((.name|test("coffee";"i")) and (.name|test("grinder";"i")))' FILE | wc -l"#,
            fzf: "fzf --filter='coffee grinder' < FILE | wc -l"),
        Shape(name: "typo", search: ["cofee"], fzf: "fzf --filter=cofee < FILE | wc -l"),
        Shape(
            name: "no match", search: ["zzqxj"], isPlainWord: true, rg: "rg -i zzqxj FILE | wc -l",
            jq: #"jq -c 'select(.name|test("zzqxj";"i"))' FILE | wc -l"#, fzf: "fzf --filter=zzqxj < FILE | wc -l"),
        Shape(
            // Nothing matches `refund` either, but a third of the lines hold
            // its letters in order across keys and values, so each is asked
            // whether a value holds a fuzzy match.
            name: "no match, common letters", search: ["refund"],
            rgNote: "not held to 3×: no line holds the word, so search looks for fuzzy matches, which rg does not",
            rg: "rg -i refund FILE | wc -l", fzf: "fzf --filter=refund < FILE | wc -l"),
        Shape(
            name: "phrase", search: ["\"queen of hearts\""], rg: "rg -i 'queen of hearts' FILE | wc -l",
            jq: #"jq -c 'select(.name|test("queen of hearts";"i"))' FILE | wc -l"#,
            fzf: #"fzf --filter='queen\ of\ hearts' < FILE | wc -l"#),
        Shape(
            name: "phrase, no match", search: ["\"coffee mug\""], rg: "rg -i 'coffee mug' FILE | wc -l",
            jq: #"jq -c 'select(.name|test("coffee mug";"i"))' FILE | wc -l"#,
            fzf: #"fzf --filter='coffee\ mug' < FILE | wc -l"#),
        Shape(
            name: "exclusion", search: ["--", "coffee", "-mug"],
            jq: #"jq -c 'select((.name|test("coffee";"i")) and (.name|test("mug";"i")|not))' FILE | wc -l"#,
            fzf: "fzf --filter='coffee !mug' < FILE | wc -l"),
        Shape(
            name: "field:value", search: ["category:garden"],
            jq: #"jq -c 'select(.category=="garden")' FILE | wc -l"#),
        Shape(
            name: "numeric filter", search: ["price<5"],
            jq: #"jq -c 'select(.price!=null and .price<5)' FILE | wc -l"#),
        Shape(
            name: "kind: and a word", search: ["kind:card", "queen"],
            jq: #"jq -c 'select(.kind=="card" and (.name|test("queen";"i")))' FILE | wc -l"#),
        Shape(name: "empty, --sort", search: ["", "--sort", "-price"]),
        Shape(name: "--offset 1000", search: ["coffee", "--offset", "1000"]),
        Shape(
            // Issue 20 holds "a plain word" to `rg -i` and lists this shape
            // apart; `rg -i café` looks for those bytes alone, where the
            // search also finds `cafe`, `CAFÉ` and one-typo words.
            name: "non-ASCII word", search: ["café"],
            rgNote:
                "not held to 3×: rg -i café finds only those bytes; search also finds cafe, CAFÉ and one-typo words",
            rg: "rg -i café FILE | wc -l",
            jq: #"jq -c 'select(.name|test("café";"i"))' FILE | wc -l"#, fzf: "fzf --filter=café < FILE | wc -l"),
    ]

    /// The floor: a byte scan that touches every line and prints a count.
    static let floor = #"rg -c '"kind"' FILE"#

    let search: String
    let runs: Int
    let peerRuns: Int
    let usePeers: Bool
    let note: (String) -> Void

    /// The measured medians of one shape.
    struct Row {
        var shape: Shape
        var search: Measurement
        var peers: [String: Measurement]
    }

    /// Times every shape over `file`; returns the rows and the floor.
    func measure(file: String, scratch: String) throws(BenchmarkError) -> (rows: [Row], floor: Measurement) {
        let quotedFile = Shell.quote(file)
        func shell(_ template: String) -> TimedCommand {
            .shell(template.replacingFILE(with: quotedFile), label: template)
        }
        // Slot 0 is the floor; then each shape's search and its peers.
        var commands: [(command: TimedCommand, shape: Int?, tool: String, counted: Int)] = [
            (shell(Self.floor), nil, "floor", runs)
        ]
        for (index, shape) in Self.shapes.enumerated() {
            // Options first: a query word may start with `-` after `--`.
            let arguments = [search, "--data", file, "--limit", "20"] + shape.search
            commands.append((TimedCommand(label: shape.label, arguments: arguments), index, "search", runs))
            guard usePeers else { continue }
            for (tool, template) in [("rg", shape.rg), ("jq", shape.jq), ("fzf", shape.fzf)] {
                guard let template, Shell.which(tool) != nil else { continue }
                commands.append((shell(template), index, tool, tool == "jq" ? min(peerRuns, runs) : runs))
            }
        }
        var samples = [[ProcessSample]](repeating: [], count: commands.count)
        // One warm-up round (it also puts the file in the page cache), then
        // the counted rounds, every command in turn.
        for round in 0...runs {
            for (index, entry) in commands.enumerated() where round == 0 || round <= entry.counted {
                if round == 0 && entry.tool == "jq" { continue }
                note("\(round == 0 ? "warm-up" : "run \(round)/\(runs)"): \(entry.command.label)")
                let sample = try ProcessRunner.run(
                    entry.command.arguments, stdoutPath: "\(scratch)/\(index).out",
                    stderrPath: "\(scratch)/\(index).err")
                if round > 0 { samples[index].append(sample) }
            }
        }
        func measurement(_ index: Int) -> Measurement {
            Measurement(
                command: commands[index].command, samples: samples[index],
                stdout: Bench.readPrefix("\(scratch)/\(index).out"),
                stderr: Bench.readPrefix("\(scratch)/\(index).err"),
                stdoutLines: Bench.countLines("\(scratch)/\(index).out"))
        }
        var rows: [Row] = []
        for index in commands.indices {
            guard let shape = commands[index].shape else { continue }
            if commands[index].tool == "search" {
                rows.append(Row(shape: Self.shapes[shape], search: measurement(index), peers: [:]))
            } else {
                rows[rows.count - 1].peers[commands[index].tool] = measurement(index)
            }
        }
        for index in commands.indices { unlink("\(scratch)/\(index).out") }
        for index in commands.indices { unlink("\(scratch)/\(index).err") }
        return (rows, measurement(0))
    }

    /// The shape table: medians, ratios to the floor and to `rg -i`, and each row's peak RSS.
    static func table(rows: [Row], floor: Measurement) -> String {
        var table = TextTable(
            headers: ["SHAPE", "QUERY", "SEARCH", "× FLOOR", "RG -I", "× RG", "JQ", "FZF", "PEAK RSS", "RESULTS"],
            rightAligned: [2, 3, 4, 5, 6, 7, 8])
        let floorTime = floor.wall?.median
        for row in rows {
            guard let time = row.search.wall?.median else { continue }
            func peer(_ tool: String) -> String {
                row.peers[tool]?.wall.map { Format.seconds($0.median) } ?? "–"
            }
            let rg = row.peers["rg"]?.wall?.median
            table.append([
                row.shape.name, "`\(row.shape.label)`", Format.seconds(time),
                floorTime.map { Format.ratio(time / $0) } ?? "?", peer("rg"),
                rg.map { Format.ratio(time / $0) } ?? "–", peer("jq"), peer("fzf"),
                Format.mebibytes(kibibytes: row.search.peakRSSKiB), Self.results(row.search),
            ])
        }
        return table.render()
    }

    /// What search printed (the table's lines) and its exit status: 1 when nothing matched.
    static func results(_ measurement: Measurement) -> String {
        "\(measurement.stdoutLines) lines, exit \(measurement.samples.last?.exitStatus ?? -1)"
    }

    /// The targets of issue 20, met or missed, shape by shape.
    static func targets(rows: [Row], floor: Measurement) -> [String] {
        guard let floorTime = floor.wall?.median else { return [] }
        var lines: [String] = []
        for row in rows {
            guard let time = row.search.wall?.median else { continue }
            var checks = ["\(Format.ratio(time / floorTime)) floor (≤ 5×: \(time / floorTime <= 5 ? "met" : "MISSED"))"]
            if let rgWall = row.peers["rg"]?.wall, let wall = row.search.wall {
                let rg = rgWall.median
                if row.shape.isPlainWord {
                    // `rg`'s time moves more from run to run than `search`'s,
                    // and with it the ratio: both ranges are shown.
                    checks.append(
                        "\(Format.ratio(time / rg)) rg -i (≤ 3×: \(time / rg <= 3 ? "met" : "MISSED"); runs of rg -i "
                            + "\(Format.seconds(rgWall.min))–\(Format.seconds(rgWall.max)), of search "
                            + "\(Format.seconds(wall.min))–\(Format.seconds(wall.max)))")
                } else if let note = row.shape.rgNote {
                    checks.append("\(Format.ratio(time / rg)) rg -i (\(note))")
                }
            }
            let rss = row.search.peakRSSKiB
            checks.append("\(Format.mebibytes(kibibytes: rss)) (≤ 64 MiB: \(rss <= 64 * 1024 ? "met" : "MISSED"))")
            lines.append("  \(row.shape.name): " + checks.joined(separator: "; "))
        }
        return lines
    }
}

extension String {
    /// The template with every `FILE` replaced by `path`.
    fileprivate func replacingFILE(with path: String) -> String {
        split(separator: "FILE", omittingEmptySubsequences: false).joined(separator: path)
    }
}
