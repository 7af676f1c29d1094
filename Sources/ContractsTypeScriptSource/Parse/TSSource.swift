import ContractsCore

/// A lexed TypeScript file with the little structure the rules need: bracket partners and nesting.
public struct TSSource: Sendable {
    /// Path relative to the project root.
    public let path: String
    public let tokens: [TSToken]
    public let comments: [TSComment]
    /// The text the tokens were read from (`check --fix` indents what it adds like the lines around it).
    let text: String
    let lineMap: LineMap
    /// For an opening or closing bracket (template chunks included), the index of its partner; -1 when unbalanced.
    let partner: [Int]
    /// Index of the innermost opening bracket around each token; -1 at the top level.
    let enclosing: [Int]

    /// Lexes `text` now. Readers during a `check` ask the run's store instead (`TSLexes`): one lex per file.
    public init(path: String, text: String) {
        TSLexes.countLex(path)
        self.path = path
        let lexed = lexTypeScript(text)
        tokens = lexed.tokens
        comments = lexed.comments
        self.text = text
        lineMap = LineMap(text)
        (partner, enclosing) = TSSource.nest(tokens)
    }

    /// Where token `i` starts.
    public func location(of i: Int) -> SourceLocation { lineMap.location(ofByte: tokens[i].start, in: path) }

    /// The token at `i`, or nil out of range.
    func token(_ i: Int) -> TSToken? { i >= 0 && i < tokens.count ? tokens[i] : nil }

    func isPunct(_ i: Int, _ p: String) -> Bool { token(i)?.isPunct(p) ?? false }

    func isWord(_ i: Int, _ w: String) -> Bool { token(i)?.isWord(w) ?? false }

    /// Pairs brackets with a stack. A closer that matches nothing is left unpaired; openers left at the
    /// end stay unpaired, so malformed files still get a structure.
    static func nest(_ tokens: [TSToken]) -> (partner: [Int], enclosing: [Int]) {
        var partner = Array(repeating: -1, count: tokens.count)
        var enclosing = Array(repeating: -1, count: tokens.count)
        var stack: [Int] = []
        let pairs: [String: String] = [")": "(", "]": "[", "}": "{"]
        for (i, t) in tokens.enumerated() {
            let closes: Bool, opens: Bool, opener: String?
            switch t.kind {
            case .punctuator:
                opens = ["(", "[", "{"].contains(t.text)
                opener = pairs[t.text]
                closes = opener != nil
            case .template:
                closes = t.text.hasPrefix("}")
                opens = t.text.hasSuffix("${")
                opener = nil
            default:
                opens = false; closes = false; opener = nil
            }
            if closes {
                let matchesTop: (Int) -> Bool = { open in
                    opener.map { tokens[open].isPunct($0) } ?? (tokens[open].kind == .template)
                }
                if let depth = stack.lastIndex(where: matchesTop) {
                    let open = stack[depth]
                    stack.removeSubrange(depth...)
                    partner[open] = i
                    partner[i] = open
                }
            }
            enclosing[i] = stack.last ?? -1
            if opens { stack.append(i) }
        }
        return (partner, enclosing)
    }

    /// The end (exclusive) of the block enclosing token `i`: its `}` (or the end of the file at top level).
    func scopeEnd(of i: Int) -> Int {
        let open = blockOpen(of: i)
        guard open >= 0, partner[open] >= 0 else { return tokens.count }
        return partner[open]
    }

    /// The innermost block `{` around token `i` (not an object literal or a pattern), or -1.
    func blockOpen(of i: Int) -> Int {
        guard enclosing.indices.contains(i) else { return -1 }
        var open = enclosing[i]
        while open >= 0, !isPunct(open, "{") || isObjectLiteral(open) || isPattern(open) { open = enclosing[open] }
        return open
    }
}
