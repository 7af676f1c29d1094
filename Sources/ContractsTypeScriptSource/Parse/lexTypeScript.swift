/// Splits TypeScript (or JavaScript) source into tokens and comments.
///
/// Our own small lexer rather than a dependency: the rules need literals, words and punctuation with exact
/// positions, and must survive any input (an edge function mid-edit, a half-typed string). Every loop
/// consumes at least one byte, and unterminated constructs end at the end of their line (strings, regex
/// literals) or of the file (templates, block comments).
public func lexTypeScript(_ text: String) -> TSLexed {
    var lexer = TSLexer(bytes: Array(text.utf8))
    lexer.run()
    return TSLexed(tokens: lexer.tokens, comments: lexer.comments)
}

/// The lexer's state: a cursor over the bytes and a stack telling `}` of a block from `}` of a `${`.
struct TSLexer {
    enum Open { case brace, substitution }

    let bytes: [UInt8]
    var pos = 0
    var tokens: [TSToken] = []
    var comments: [TSComment] = []
    var opens: [Open] = []

    init(bytes: [UInt8]) { self.bytes = bytes }

    func byte(at i: Int) -> UInt8? { i < bytes.count ? bytes[i] : nil }

    func slice(_ start: Int, _ end: Int) -> String {
        String(decoding: bytes[start..<min(end, bytes.count)], as: UTF8.self)
    }

    mutating func emit(_ kind: TSToken.Kind, from start: Int, value: String? = nil) {
        tokens.append(TSToken(kind: kind, text: slice(start, pos), value: value, start: start, end: pos))
    }

    mutating func run() {
        if bytes.starts(with: Array("#!".utf8)) { scanLineComment() }
        while pos < bytes.count {
            let b = bytes[pos]
            let start = pos
            switch b {
            case 0x20, 0x09, 0x0A, 0x0D, 0x0B, 0x0C:
                pos += 1
            case UInt8(ascii: "/") where byte(at: pos + 1) == UInt8(ascii: "/"):
                scanLineComment()
            case UInt8(ascii: "/") where byte(at: pos + 1) == UInt8(ascii: "*"):
                scanBlockComment()
            case UInt8(ascii: "/") where regexAllowed():
                scanRegex()
            case UInt8(ascii: "'"), UInt8(ascii: "\""):
                scanString(quote: b)
            case UInt8(ascii: "`"):
                pos += 1
                scanTemplateChunk(from: start)
            case UInt8(ascii: "{"):
                pos += 1
                opens.append(.brace)
                emit(.punctuator, from: start)
            case UInt8(ascii: "}"):
                pos += 1
                if opens.popLast() == .substitution {
                    scanTemplateChunk(from: start)
                } else {
                    emit(.punctuator, from: start)
                }
            case _ where TSLexer.isDigit(b) || (b == UInt8(ascii: ".") && byte(at: pos + 1).map(TSLexer.isDigit) == true):
                scanNumber()
            case _ where TSLexer.isIdentifierHead(b) || b == UInt8(ascii: "#"):
                pos += 1
                while let c = byte(at: pos), TSLexer.isIdentifierBody(c) { pos += 1 }
                emit(.identifier, from: start)
            default:
                scanPunctuator()
            }
        }
    }

    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    /// ASCII letters, `_`, `$` and any non-ASCII byte (Unicode identifiers are rare, never worth a crash).
    static func isIdentifierHead(_ b: UInt8) -> Bool {
        (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b == 0x24 || b >= 0x80
    }

    static func isIdentifierBody(_ b: UInt8) -> Bool { isIdentifierHead(b) || isDigit(b) }
}
