// The types a kind module takes from the libraries under the plug-in API, re-exported one by one, so that
// `import ResultKit` alone is enough to write a kind and its tests, in this package or in anyone's: a record as read
// (`JSONObject`, its `JSONValue`s, and the `JSONParser` a test makes one with), and a row's `Cell`s, their
// `CellStyle` and a column's `Alignment`. The rest of StreamingJSON and TerminalTable stays the engine's.

@_exported public import struct StreamingJSON.JSONObject
@_exported public import struct StreamingJSON.JSONParser
@_exported public import enum StreamingJSON.JSONValue
@_exported public import enum TerminalTable.Alignment
@_exported public import struct TerminalTable.Cell
@_exported public import enum TerminalTable.CellStyle
