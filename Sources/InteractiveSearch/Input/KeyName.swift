/// A key as fzf's man page names it (`ctrl-j`, `btab`, `alt-b`,
/// `shift-up`), and the mouse events it names the same way: the names the
/// help, the man page and the tests show.
package enum KeyName: String, CaseIterable, Sendable {
    case enter
    case esc
    case tab
    /// Shift-Tab.
    case btab
    case bspace
    case del
    case up
    case down
    case left
    case right
    case home
    case end
    case pgup
    case pgdn
    case shiftUp = "shift-up"
    case shiftDown = "shift-down"
    case shiftLeft = "shift-left"
    case shiftRight = "shift-right"
    case ctrlA = "ctrl-a"
    case ctrlB = "ctrl-b"
    case ctrlC = "ctrl-c"
    case ctrlD = "ctrl-d"
    case ctrlE = "ctrl-e"
    case ctrlF = "ctrl-f"
    case ctrlG = "ctrl-g"
    case ctrlH = "ctrl-h"
    case ctrlJ = "ctrl-j"
    case ctrlK = "ctrl-k"
    case ctrlL = "ctrl-l"
    case ctrlN = "ctrl-n"
    case ctrlP = "ctrl-p"
    case ctrlQ = "ctrl-q"
    case ctrlU = "ctrl-u"
    case ctrlW = "ctrl-w"
    case ctrlY = "ctrl-y"
    case ctrlZ = "ctrl-z"
    case altB = "alt-b"
    case altD = "alt-d"
    case altF = "alt-f"
    case altBspace = "alt-bs"
    case leftClick = "left-click"
    case doubleClick = "double-click"
    case scrollUp = "scroll-up"
    case scrollDown = "scroll-down"

    /// The key that a control byte (`0x00`–`0x1F`) is, when it has a name
    /// here: Ctrl-J is `0x0A`, Enter `0x0D` (raw mode turns no `\r` into `\n`).
    static func control(_ byte: UInt8) -> KeyName? {
        switch byte {
        case 0x01: .ctrlA
        case 0x02: .ctrlB
        case 0x03: .ctrlC
        case 0x04: .ctrlD
        case 0x05: .ctrlE
        case 0x06: .ctrlF
        case 0x07: .ctrlG
        case 0x08: .ctrlH
        case 0x09: .tab
        case 0x0A: .ctrlJ
        case 0x0B: .ctrlK
        case 0x0C: .ctrlL
        case 0x0D: .enter
        case 0x0E: .ctrlN
        case 0x10: .ctrlP
        case 0x11: .ctrlQ
        case 0x15: .ctrlU
        case 0x17: .ctrlW
        case 0x19: .ctrlY
        case 0x1A: .ctrlZ
        default: nil
        }
    }
}
