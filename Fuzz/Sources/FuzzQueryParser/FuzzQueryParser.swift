import FuzzSupport
import ResultKit
import SearchEngine

/// Parses the input as a query, then runs it over records of every kind.
///
/// The first byte is the terminal width; the rest, decoded as UTF-8 with
/// repairs as the command line would, is the query. Properties: no crash; a
/// syntax error points inside the query (1-based, at most one past its end)
/// with a message; a query that parses searches and renders cleanly.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzQueryParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzedBytes(UnsafeRawBufferPointer(start: data, count: size))
    let width = Int(input.byte())
    let text = String(decoding: input.rest(), as: UTF8.self)
    do {
        let query = try QueryParser().parse(text)
        _ = query.referencedFields
    } catch {
        let length = text.count
        Invariant.require(
            error.position >= 1 && error.position <= length + 1, "error position \(error.position) of \(length)")
        Invariant.require(!error.message.isEmpty, "a syntax error without a message")
        return 0
    }
    SearchPipeline.run(FuzzKinds.records, query: text, width: width)
    return 0
}
