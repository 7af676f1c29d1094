import ContractsTypeScriptSource

/// Function declarations and imports of a TypeScript source, read from the lexer's tokens: enough to name an
/// emitter and the position of its parameters.
enum TypeScriptFunctions {
    struct Parameter: Equatable {
        var name: String
        /// The annotation as written without spaces (`string`, `NotificationType`, `string|null`); empty without one.
        var type: String
    }

    /// `function f(...)` and `const f = [async] (...) =>` / `= [async] function (...)`: each name, its parameters
    /// and the index of the name's token.
    static func declarations(in source: TSSource) -> [(name: String, parameters: [Parameter], at: Int)] {
        let tokens = source.tokens
        var out: [(name: String, parameters: [Parameter], at: Int)] = []
        for i in tokens.indices where i + 2 < tokens.count && tokens[i + 1].kind == .identifier {
            var open: Int?
            if tokens[i].isWord("function") {
                open = i + 2
            } else if tokens[i].isWord("const") || tokens[i].isWord("let"), tokens[i + 2].isPunct("=") {
                var j = i + 3
                if j < tokens.count, tokens[j].isWord("async") { j += 1 }
                if j < tokens.count, tokens[j].isWord("function") { j += 1 }
                open = j
            }
            guard var paren = open, paren < tokens.count else { continue }
            if tokens[paren].isPunct("<"), let close = closing(tokens, from: paren, angles: true) { paren = close + 1 }
            guard paren < tokens.count, tokens[paren].isPunct("("), let close = closing(tokens, from: paren, angles: true) else { continue }
            if !tokens[i].isWord("function") {
                // An arrow function: `(...) =>` or `(...): T =>`.
                guard close + 1 < tokens.count, tokens[close + 1].isPunct("=>") || tokens[close + 1].isPunct(":") else { continue }
            }
            out.append((tokens[i + 1].text, parameters(tokens, paren + 1, close), i + 1))
        }
        return out
    }

    /// Whether the source imports `name` (`import { name } from "..."`, also `name as other`).
    static func imports(_ name: String, in source: TSSource) -> Bool {
        let tokens = source.tokens
        for i in tokens.indices where tokens[i].isWord("import") {
            var j = i + 1
            while j < tokens.count, !tokens[j].isWord("from"), !tokens[j].isPunct(";"), j - i < 200 {
                if tokens[j].isWord(name) { return true }
                j += 1
            }
        }
        return false
    }

    /// The index of the bracket closing the one at `open` (`(`, `[`, `{`; with `angles`, a type's `<` too: in
    /// an expression `<` compares).
    static func closing(_ tokens: [TSToken], from open: Int, angles: Bool = false) -> Int? {
        var depth = 0
        for i in open..<tokens.count {
            depth += angles || !["<", ">", ">>", ">>>"].contains(tokens[i].text) ? depthChange(tokens[i]) : 0
            if depth <= 0 { return i }
        }
        return nil
    }

    private static func depthChange(_ token: TSToken) -> Int {
        guard token.kind == .punctuator else { return 0 }
        switch token.text {
        case "(", "[", "{", "<": return 1
        case ")", "]", "}", ">": return -1
        case ">>": return -2
        case ">>>": return -3
        default: return 0
        }
    }

    private static func parameters(_ tokens: [TSToken], _ start: Int, _ end: Int) -> [Parameter] {
        var out: [Parameter] = [], depth = 0, current: [TSToken] = []
        func flush() {
            var parts = current.drop { $0.isPunct("...") }[...]
            guard let first = parts.first else { return }
            let name = first.kind == .identifier ? first.text : ""
            parts = parts.dropFirst().drop { $0.isPunct("?") }
            var type = ""
            if parts.first?.isPunct(":") == true {
                var level = 0
                for t in parts.dropFirst() {
                    if level == 0, t.isPunct("=") { break }
                    level += depthChange(t)
                    type += t.text
                }
            }
            out.append(Parameter(name: name, type: type))
        }
        for i in start..<end {
            let t = tokens[i]
            if depth == 0, t.isPunct(",") { flush(); current = []; continue }
            depth += depthChange(t)
            current.append(t)
        }
        flush()
        return out
    }
}
