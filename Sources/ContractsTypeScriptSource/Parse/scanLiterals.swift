/// Comments, numbers and punctuators: the plain parts of the lexer.
extension TSLexer {
    mutating func scanLineComment() {
        let start = pos
        while let c = byte(at: pos), c != 0x0A { pos += 1 }
        comments.append(TSComment(text: slice(start, pos), start: start, end: pos))
    }

    /// `/* … */`; unterminated runs to the end of the file.
    mutating func scanBlockComment() {
        let start = pos
        pos += 2
        while pos < bytes.count, !(bytes[pos] == UInt8(ascii: "*") && byte(at: pos + 1) == UInt8(ascii: "/")) { pos += 1 }
        pos = min(pos + 2, bytes.count)
        comments.append(TSComment(text: slice(start, pos), start: start, end: pos))
    }

    /// Decimal, hex, octal, binary, separators, exponents and BigInt suffixes; precision does not matter here.
    mutating func scanNumber() {
        let start = pos
        var sawDot = false
        while let c = byte(at: pos) {
            if TSLexer.isIdentifierBody(c) && c < 0x80 {
                let wasExponent = (c == UInt8(ascii: "e") || c == UInt8(ascii: "E"))
                    && !(slice(start, pos).hasPrefix("0x") || slice(start, pos).hasPrefix("0X"))
                pos += 1
                if wasExponent, let s = byte(at: pos), s == UInt8(ascii: "+") || s == UInt8(ascii: "-") { pos += 1 }
            } else if c == UInt8(ascii: "."), !sawDot, byte(at: pos + 1) != UInt8(ascii: ".") {
                sawDot = true
                pos += 1
            } else {
                break
            }
        }
        emit(.number, from: start)
    }

    static let punctuators: [String] = [
        ">>>=", "...", "===", "!==", "**=", "<<=", ">>=", ">>>", "&&=", "||=", "??=",
        "=>", "==", "!=", "<=", ">=", "&&", "||", "??", "?.", "++", "--", "+=", "-=", "*=", "/=", "%=",
        "&=", "|=", "^=", "**", "<<", ">>",
    ].sorted { $0.utf8.count > $1.utf8.count }

    /// The longest punctuator at the cursor; any other byte becomes a one-byte punctuator.
    mutating func scanPunctuator() {
        let start = pos
        for p in TSLexer.punctuators where matches(p) {
            // `a?.5:b` is a conditional, not optional chaining.
            if p == "?.", let next = byte(at: pos + 2), TSLexer.isDigit(next) { continue }
            pos += p.utf8.count
            emit(.punctuator, from: start)
            return
        }
        pos += 1
        // A stray UTF-8 continuation sequence stays whole so the token text is valid.
        while let c = byte(at: pos), c & 0xC0 == 0x80, bytes[start] >= 0x80 { pos += 1 }
        emit(.punctuator, from: start)
    }

    func matches(_ p: String) -> Bool {
        var i = pos
        for b in p.utf8 {
            guard byte(at: i) == b else { return false }
            i += 1
        }
        return true
    }
}
