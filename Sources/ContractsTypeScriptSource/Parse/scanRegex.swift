/// Regular-expression literals and the regex-or-division decision.
extension TSLexer {
    /// Words after which `/` starts a regex: an expression begins there, so it cannot be division.
    static let regexAfterWords: Set<String> = [
        "return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case", "do", "else",
        "yield", "await", "extends",
    ]

    /// Decides regex vs division from the previous token, as JavaScript lexers do: after a value
    /// (identifier, number, string, template end, `)`, `]`) a slash divides; elsewhere it starts a regex.
    /// After `}` it starts a regex (a block usually ended); `({}) / 2` is too rare to matter.
    func regexAllowed() -> Bool {
        guard let previous = tokens.last else { return true }
        switch previous.kind {
        case .number, .string, .regex: return false
        case .template: return previous.text.hasSuffix("${")
        case .identifier: return TSLexer.regexAfterWords.contains(previous.text)
        case .punctuator:
            return !["]", ")", "++", "--"].contains(previous.text)
        }
    }

    /// `/…/flags`: `/` inside `[…]` does not end it; a newline ends an unterminated regex.
    mutating func scanRegex() {
        let start = pos
        pos += 1
        var inClass = false
        while let c = byte(at: pos), c != 0x0A {
            if c == UInt8(ascii: "\\") {
                pos += 1
                if let n = byte(at: pos), n != 0x0A { pos += 1 }
                continue
            }
            pos += 1
            if c == UInt8(ascii: "[") { inClass = true }
            else if c == UInt8(ascii: "]") { inClass = false }
            else if c == UInt8(ascii: "/"), !inClass { break }
        }
        while let c = byte(at: pos), TSLexer.isIdentifierBody(c), c < 0x80 { pos += 1 }
        emit(.regex, from: start)
    }
}
