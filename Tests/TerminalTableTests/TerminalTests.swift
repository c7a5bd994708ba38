import Foundation
import TerminalTable
import Testing

struct TerminalTests {
    @Test func widthComesFromTheFlagThenTheTerminalThenCOLUMNS() {
        #expect(Terminal.outputWidth(requested: 50, terminalColumns: 120, environment: ["COLUMNS": "90"]) == 50)
        #expect(Terminal.outputWidth(requested: nil, terminalColumns: 120, environment: ["COLUMNS": "90"]) == 120)
        #expect(Terminal.outputWidth(requested: nil, terminalColumns: nil, environment: ["COLUMNS": "90"]) == 90)
        #expect(Terminal.outputWidth(requested: nil, terminalColumns: nil, environment: ["COLUMNS": "wide"]) == nil)
        #expect(Terminal.outputWidth(requested: nil, terminalColumns: nil, environment: [:]) == nil)
    }

    @Test func aPipeIsNoTerminalAndHasNoWidth() {
        let pipe = Pipe()
        let fd = pipe.fileHandleForWriting.fileDescriptor
        #expect(!Terminal.isTerminal(fd))
        #expect(Terminal.columns(ofFileDescriptor: fd) == nil)
    }
}
