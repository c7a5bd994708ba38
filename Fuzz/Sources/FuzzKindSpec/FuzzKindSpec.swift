import FuzzSupport
import KindSpecs
import ResultKit
import StreamingJSON

/// Loads the input as a kind spec file; a spec that loads then shows records
/// of every shape through the kind it describes.
///
/// Properties: no crash; every error names the file; a valid spec gives a
/// kind that registers, and its rows search and render cleanly.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzKindSpec(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let file = "fuzz.kind.json"
    switch KindSpecLoader.parse(bytes, file: file, referenceTime: 1_700_000_000) {
    case .failure(let failure):
        Invariant.require(!failure.errors.isEmpty, "a failure without errors")
        for error in failure.errors {
            Invariant.require("\(error)".contains(file), "an error that does not name the file: \(error)")
        }
    case .success(let spec):
        let kind = spec.kind
        Invariant.require(!kind.name.isEmpty, "a kind without a name")
        guard let registry = try? KindRegistry([kind]) else {
            Invariant.fail("a valid spec whose kind does not register: \(kind.name)")
        }
        let records = FuzzKinds.records.map { record in
            var retagged = record
            retagged.kindHint = kind.name
            retagged.object.members.removeAll { $0.key == "kind" }
            return retagged
        }
        SearchPipeline.run(records, query: "", width: 60, registry: registry)
    }
    return 0
}
