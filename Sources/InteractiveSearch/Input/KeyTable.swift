/// The picker's keys: which keys do what, as fzf binds them by default.
///
/// The one table of them: the picker reads it to act on a key, the help and
/// the man page print it, and the tests type every key in it.
package enum KeyTable {
    /// One action and the keys bound to it.
    package struct Binding: Sendable {
        package let action: PickerAction
        package let keys: [KeyName]
    }

    /// Every binding, in the order the help lists them.
    package static let bindings: [Binding] = [
        Binding(action: .accept, keys: [.enter, .doubleClick]),
        Binding(action: .abort, keys: [.esc, .ctrlC, .ctrlG, .ctrlQ]),
        Binding(action: .up, keys: [.up, .ctrlK, .ctrlP, .scrollUp]),
        Binding(action: .down, keys: [.down, .ctrlJ, .ctrlN, .scrollDown]),
        Binding(action: .pageUp, keys: [.pgup]),
        Binding(action: .pageDown, keys: [.pgdn]),
        Binding(action: .toggleDown, keys: [.tab]),
        Binding(action: .toggleUp, keys: [.btab]),
        Binding(action: .click, keys: [.leftClick]),
        Binding(action: .previewUp, keys: [.shiftUp]),
        Binding(action: .previewDown, keys: [.shiftDown]),
        Binding(action: .backwardChar, keys: [.left, .ctrlB]),
        Binding(action: .forwardChar, keys: [.right, .ctrlF]),
        Binding(action: .backwardWord, keys: [.altB, .shiftLeft]),
        Binding(action: .forwardWord, keys: [.altF, .shiftRight]),
        Binding(action: .beginningOfLine, keys: [.home, .ctrlA]),
        Binding(action: .endOfLine, keys: [.end, .ctrlE]),
        Binding(action: .backwardDeleteChar, keys: [.bspace, .ctrlH]),
        Binding(action: .deleteChar, keys: [.del]),
        Binding(action: .deleteCharOrAbort, keys: [.ctrlD]),
        Binding(action: .unixLineDiscard, keys: [.ctrlU]),
        Binding(action: .unixWordRubout, keys: [.ctrlW]),
        Binding(action: .backwardKillWord, keys: [.altBspace]),
        Binding(action: .killWord, keys: [.altD]),
        Binding(action: .yank, keys: [.ctrlY]),
        Binding(action: .clearScreen, keys: [.ctrlL]),
        Binding(action: .suspend, keys: [.ctrlZ]),
    ]

    /// What `key` does; `nil` for a key bound to nothing.
    package static func action(for key: KeyName) -> PickerAction? {
        actions[key]
    }

    private static let actions: [KeyName: PickerAction] = {
        var actions: [KeyName: PickerAction] = [:]
        for binding in bindings {
            for key in binding.keys {
                precondition(actions[key] == nil, "\(key.rawValue) is bound twice in the key table")
                actions[key] = binding.action
            }
        }
        return actions
    }()
}
