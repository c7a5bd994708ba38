import FuzzSupport
import ResultKit
import ResultOutput
import SearchEngine
import StreamingJSON

/// Writes records made from the input as CSV and TSV.
///
/// The first byte picks the options (headers, line breaks shown, formulas
/// guarded, `--fields` or the union of the records' keys); the rest makes
/// up to 8 records of up to 6 members each, with any keys and any values.
/// Properties: no crash; CSV reads back by RFC 4180 as one row per result
/// (plus the header), each with one field per column; with line breaks shown
/// no CR or LF is left but the CRLF line ends; TSV is one line per row with
/// one tab fewer than columns; no output holds a control that acts on a
/// terminal (ESC, C1, other C0 than tab and the line ends); with formulas
/// guarded no cell starts a formula unless it is a plain number.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDelimitedOutput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzedBytes(UnsafeRawBufferPointer(start: data, count: size))
    let flags = input.byte()
    guard let everything = try? QueryParser().parse("") else { return 0 }
    var session = SearchSession(registry: FuzzKinds.registry, query: everything, options: SearchOptions(limit: 50))
    let count = input.int(in: 1...8)
    for index in 0..<count {
        var members: [JSONObject.Member] = []
        for _ in 0..<input.int(in: 0...6) {
            members.append(.init(key: input.text(upTo: 10), value: value(&input)))
        }
        let record = Record(object: JSONObject(members), location: SourceLocation(file: "fuzz", line: index + 1))
        session.consider(record) { _ in }
    }
    let hits = session.finish().hits
    let fields: [String]? = flags & 8 == 0 ? nil : [input.text(upTo: 8), "name", "kind", input.text(upTo: 8)]
    let columns = RecordOutput.columns(for: hits, fields: fields)
    Invariant.require(columns.count <= RecordOutput.maxUnionColumns || fields != nil, "too many columns")
    let options = RecordOutput.DelimitedOptions(
        headers: flags & 1 == 0, visibleLineBreaks: flags & 2 != 0, formulaSafe: flags & 4 != 0,
        visibleControls: flags & 16 != 0)
    let rows = hits.count + (options.headers ? 1 : 0)
    checkCSV(RecordOutput.csv(hits, columns: columns, options: options), rows: rows, columns: columns.count, options)
    checkTSV(RecordOutput.tsv(hits, columns: columns, options: options), rows: rows, columns: columns.count, options)
    return 0
}

/// A JSON value drawn from the input: text, a number, true, null or an array.
private func value(_ input: inout FuzzedBytes) -> JSONValue {
    switch input.int(in: 0...4) {
    case 0: .number(String(input.int(in: 0...255) - 128))
    case 1: .bool(true)
    case 2: .null
    case 3: .array([.string(input.text(upTo: 8))])
    default: .string(input.text(upTo: 40))
    }
}

private func checkCSV(_ text: String, rows: Int, columns: Int, _ options: RecordOutput.DelimitedOptions) {
    // For a terminal, no control; through a pipe the data is written as it is, and must read back.
    if options.visibleControls { checkControls(text, allowingLoneCRLF: !options.visibleLineBreaks, format: "CSV") }
    let records: [[String]]
    do {
        records = try CSVCheck.records(text)
    } catch {
        Invariant.fail("CSV does not read back (\(error)): \(text.debugDescription)")
    }
    Invariant.require(records.count == rows, "\(records.count) CSV rows for \(rows): \(text.debugDescription)")
    for record in records {
        Invariant.require(record.count == columns, "a CSV row of \(record.count) fields for \(columns) columns")
        if options.formulaSafe { checkNoFormula(record, format: "CSV") }
    }
    if options.visibleLineBreaks {
        let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        Invariant.require(lines.count == rows, "\(lines.count) CSV lines for \(rows) rows: \(text.debugDescription)")
    }
}

private func checkTSV(_ text: String, rows: Int, columns: Int, _ options: RecordOutput.DelimitedOptions) {
    if options.visibleControls { checkControls(text, allowingLoneCRLF: false, format: "TSV") }
    let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    Invariant.require(lines.count == rows, "\(lines.count) TSV lines for \(rows) rows: \(text.debugDescription)")
    for line in lines {
        let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map {
            String(String.UnicodeScalarView($0))
        }
        Invariant.require(cells.count == columns, "a TSV line of \(cells.count) cells for \(columns) columns")
        if options.formulaSafe { checkNoFormula(cells, format: "TSV") }
    }
}

/// No control that acts on a terminal: only tab, LF, CRLF line ends, and
/// (RFC 4180 CSV) CR and LF inside fields.
private func checkControls(_ text: String, allowingLoneCRLF: Bool, format: String) {
    let scalars = Array(text.unicodeScalars)
    for (index, scalar) in scalars.enumerated() {
        switch scalar.value {
        case 0x09, 0x0A: continue
        case 0x0D where allowingLoneCRLF || (index + 1 < scalars.count && scalars[index + 1] == "\n"): continue
        case 0x00...0x1F, 0x7F...0x9F:
            Invariant.fail("U+\(String(scalar.value, radix: 16)) in \(format) output: \(text.debugDescription)")
        default: continue
        }
    }
}

/// No cell starts with `=`, `+`, `-`, `@`, tab or CR unless it is a plain number.
private func checkNoFormula(_ cells: [String], format: String) {
    for cell in cells {
        guard let first = cell.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) else { continue }
        Invariant.require(
            CSVCheck.isPlainNumber(cell), "a \(format) cell starts a formula with --csv-safe: \(cell.debugDescription)")
    }
}
