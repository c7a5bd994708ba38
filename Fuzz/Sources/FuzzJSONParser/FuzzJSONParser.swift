import FuzzSupport
import StreamingJSON

/// Parses the input as JSON, whole and element by element.
///
/// Properties: nothing crashes; an error's offset lies inside the input; a
/// parsed value written by `JSONWriter` parses back to the same value and is
/// written the same way again; and a top-level array gives the same elements
/// through `parseArrayElements`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: data, count: size)
    let parser = JSONParser()
    var elements: [JSONValue] = []
    var elementsError: JSONParseError?
    do {
        try parser.parseArrayElements(bytes) { value, offset in
            Invariant.require(offset >= 0 && offset < size, "element offset \(offset) outside \(size) bytes")
            elements.append(value)
        }
    } catch {
        elementsError = error
    }
    let value: JSONValue
    do {
        value = try parser.parse(bytes)
    } catch {
        Invariant.require(error.offset >= 0 && error.offset <= size, "error offset \(error.offset) of \(size)")
        Invariant.require(!error.reason.isEmpty, "an error without a reason")
        return 0
    }
    if case .array(let array) = value {
        Invariant.require(elementsError == nil, "parse accepts an array that parseArrayElements rejects")
        Invariant.require(array == elements, "parseArrayElements gives other elements than parse")
    }
    let written = JSONWriter.string(value)
    do {
        let again = try parser.parse(written)
        Invariant.require(again == value, "the written value parses to another value: \(written)")
        Invariant.require(JSONWriter.string(again) == written, "writing is not stable: \(written)")
    } catch {
        Invariant.fail("JSONWriter wrote unparsable JSON (\(error)): \(written)")
    }
    return 0
}
