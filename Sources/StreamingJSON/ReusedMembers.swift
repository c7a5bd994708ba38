/// A buffer of object members that ``FlatObjectShapes`` fills again line
/// after line, and what it knows of the values in it.
///
/// Most values of a line hold no reference to count: `null`, `true`,
/// `false`, and strings and numbers of up to 15 bytes, which Swift holds in
/// place. Writing over such a value needs no release, yet a plain
/// assignment calls the runtime to release it all the same. The buffer
/// remembers which of its values are such, as it made them, so that
/// ``FlatObjectShapes/refill(_:keys:spans:value:)`` writes over them
/// without that call. The knowledge lives with the buffer it describes:
/// nothing else writes into it (an object made from it that is changed
/// gets a buffer of its own first).
package struct ReusedMembers {
    /// The members made last, whose buffer the object made from them shares.
    package internal(set) var members: [JSONObject.Member] = []
    /// Bit `i` is set when the value of `members[i]` holds no reference to
    /// count (for the first 64 members; the others are assigned as usual).
    var uncounted: UInt64 = 0

    /// An empty buffer.
    package init() {}
}

extension JSONValue {
    /// Whether the value holds no reference to count: `null`, a Boolean,
    /// or a string or number held in place (or static). `false` for
    /// anything else, and wherever strings are not laid out as
    /// ``SmallASCIIKey`` reads them.
    @inline(__always)
    var holdsNoReference: Bool {
        switch self {
        case .null, .bool: true
        case .string(let text), .number(let text): SmallASCIIKey.holdsNoReference(text)
        case .array, .object: false
        }
    }
}
