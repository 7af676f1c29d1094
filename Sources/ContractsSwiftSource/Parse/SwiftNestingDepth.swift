/// How deeply brackets (`(`, `[`, `{`) and string interpolations (`\(`) nest in Swift source, measured by
/// one pass over the bytes before swift-syntax sees them.
///
/// swift-syntax's parser takes super-linear time on deeply nested malformed code (hundreds of unclosed
/// `switch self {`, or `"self\(\(\(…` nested as deep), whatever its own nesting limit, so a file
/// nested deeper than `SwiftNestingDepth.limit` is reported and never parsed. Comments and string text are
/// skipped, so brackets in them do not count; interpolations count as the brackets they are.
enum SwiftNestingDepth {
    /// Deeper than any hand-written file (SwiftUI bodies reach about 30); the parser still takes well
    /// under a second at this depth.
    static let limit = 128
    /// `\(` outside a string (a key path whose root is in parentheses) nests at most this deep: valid Swift
    /// hardly writes it at all, and the parser is cubic in its depth.
    static let keyPathParenthesisLimit = 8

    private enum Frame {
        case bracket
        /// `(` right after a `\` in code: a parenthesized key-path root.
        case keyPathParenthesis
        case interpolation
        /// A string literal: `raw` is its number of `#`, `multiline` whether it opened with `"""`.
        case string(raw: Int, multiline: Bool)
    }

    /// The byte offset of the first bracket, interpolation or string that opens a level deeper than `limit`
    /// (or a key-path parenthesis deeper than `keyPathParenthesisLimit`); nil when the file stays within
    /// them. Linear in the file's size.
    static func offsetPast(_ limit: Int = limit, in bytes: [UInt8]) -> Int? {
        var stack: [Frame] = []
        var keyPathParentheses = 0
        var i = 0
        let n = bytes.count
        func at(_ j: Int) -> UInt8 { j < n ? bytes[j] : 0 }
        func hashes(from j: Int) -> Int {
            var k = j
            while k < n, bytes[k] == UInt8(ascii: "#") { k += 1 }
            return k - j
        }
        while i < n {
            if case .string(let raw, let multiline)? = stack.last {
                let b = bytes[i]
                if b == UInt8(ascii: "\\"), hashes(from: i + 1) >= raw {
                    let next = i + 1 + raw
                    if at(next) == UInt8(ascii: "(") {
                        stack.append(.interpolation)
                        if stack.count > limit { return i }
                        i = next + 1
                    } else {
                        i = next + 1   // an escape: skip the escaped character
                    }
                } else if b == UInt8(ascii: "\"") {
                    let quotes = multiline ? 3 : 1
                    let closes = (0..<quotes).allSatisfy { at(i + $0) == UInt8(ascii: "\"") } && hashes(from: i + quotes) >= raw
                    if closes {
                        stack.removeLast()
                        i += quotes + raw
                    } else {
                        i += 1
                    }
                } else if b == UInt8(ascii: "\n"), !multiline {
                    stack.removeLast()   // an unterminated single-line string ends with its line
                    i += 1
                } else {
                    i += 1
                }
                continue
            }
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "/") where at(i + 1) == UInt8(ascii: "/"):
                while i < n, bytes[i] != UInt8(ascii: "\n") { i += 1 }
            case UInt8(ascii: "/") where at(i + 1) == UInt8(ascii: "*"):
                var depth = 0
                repeat {
                    if at(i) == UInt8(ascii: "/"), at(i + 1) == UInt8(ascii: "*") { depth += 1; i += 2 }
                    else if at(i) == UInt8(ascii: "*"), at(i + 1) == UInt8(ascii: "/") { depth -= 1; i += 2 }
                    else { i += 1 }
                } while depth > 0 && i < n
            case UInt8(ascii: "#"), UInt8(ascii: "\""):
                let raw = hashes(from: i)
                guard at(i + raw) == UInt8(ascii: "\"") else { i += max(raw, 1); continue }
                let multiline = at(i + raw + 1) == UInt8(ascii: "\"") && at(i + raw + 2) == UInt8(ascii: "\"")
                stack.append(.string(raw: raw, multiline: multiline))
                if stack.count > limit { return i }
                i += raw + (multiline ? 3 : 1)
            case UInt8(ascii: "\\") where at(i + 1) == UInt8(ascii: "("):
                stack.append(.keyPathParenthesis)
                keyPathParentheses += 1
                if stack.count > limit || keyPathParentheses > keyPathParenthesisLimit { return i }
                i += 2
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                stack.append(.bracket)
                if stack.count > limit { return i }
                i += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                // Close the innermost bracket or interpolation (a string left open inside it ends too).
                while let top = stack.popLast() {
                    if case .string = top { continue }
                    if case .keyPathParenthesis = top { keyPathParentheses -= 1 }
                    break
                }
                i += 1
            default:
                i += 1
            }
        }
        return nil
    }
}
