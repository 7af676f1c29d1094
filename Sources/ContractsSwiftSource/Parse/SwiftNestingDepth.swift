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

    /// `[` nests at most this deep (other brackets between them counted or not): swift-syntax's time doubles with
    /// each level of `[`, closed or not (24 levels of a closed array literal take minutes).
    static let squareBracketLimit = 12
    /// Generic angle brackets opened on one line (`a<b<c<…`, a `<` right after a name), and `else if` links in
    /// one chain: each nests the syntax tree one level more, and the walks over it recurse; a few thousand
    /// overflow a thread's stack. Far past hand-written code (generics nest a few levels; a long chain has
    /// dozens of links).
    static let angleBracketLimit = 64
    static let elseIfChainLimit = 512
    /// A `switch` whose body starts with anything but a `case` sends the parser's recovery scanning ahead for
    /// one (for an `#if` that could hold it), to the end of the file: the bytes after each such switch add up to the
    /// work it does, twice for a `switch` with no body at all (it scans for its `}` too). Past this many bytes of
    /// that work, the file is not parsed; a debug build scans that much in a few tenths of a second.
    static let malformedSwitchWork = 1 << 17
    /// And at most this many such switches in a file, whatever its size: recovery from runs of them also grows with
    /// their number squared (a few hundred brace-less `switch self` in 5 KB took over 30 s in a debug build).
    static let malformedSwitchLimit = 64
    /// `#` back to back in code (not in a comment or a string's text) at most this many: swift-syntax's lexer tries
    /// each `#` of a run as the start of a raw string and of a regex literal, reading the rest of the run each
    /// time, and the switches' recovery lexes the run again on every scan. Raw strings' delimiters have a few.
    static let poundRunLimit = 16

    /// Why a file is not parsed: the byte offset the finding points at, and what it says.
    struct Refusal: Equatable {
        let offset: Int
        let reason: String
        var fix = "close the open brackets (the file cannot compile like this)"
    }

    private enum Frame {
        case bracket
        /// `[`: counted against `squareBracketLimit`.
        case square
        /// `(` right after a `\` in code: a parenthesized key-path root.
        case keyPathParenthesis
        case interpolation
        /// A string literal: `raw` is its number of `#`, `multiline` whether it opened with `"""`.
        case string(raw: Int, multiline: Bool)
    }

    /// The byte offset of the first bracket, interpolation or string that opens a level deeper than `limit`
    /// (or past one of the other limits); nil when the file stays within them. Linear in the file's size.
    static func offsetPast(_ limit: Int = limit, in bytes: [UInt8]) -> Int? {
        refusal(limit, in: bytes)?.offset
    }

    /// Whether swift-syntax may parse `text` in bounded time and walk it without overflowing a stack: `init`'s
    /// discoveries skip a file that is not (`check` reports it as `swift-source-too-deep`).
    static func isBounded(_ text: String) -> Bool { refusal(in: Array(text.utf8)) == nil }

    /// The first place the file goes past a limit, with the reason; nil when it stays within them all.
    static func refusal(_ limit: Int = limit, in bytes: [UInt8]) -> Refusal? {
        var stack: [Frame] = []
        var keyPathParentheses = 0, squares = 0, angles = 0, malformedSwitches = 0
        /// The bytes the malformed switches send the parser's recovery scanning over (see `malformedSwitchWork`).
        var malformedWork = 0
        /// `else if` links of the chain at each depth; a `}` not followed by `else` ends the chain there.
        var chains: [Int: Int] = [:]
        /// The depth a `switch` was met at, until its body's `{`.
        var switchDepth: Int?
        var i = 0
        let n = bytes.count
        func at(_ j: Int) -> UInt8 { j < n ? bytes[j] : 0 }
        func hashes(from j: Int) -> Int {
            var k = j
            while k < n, bytes[k] == UInt8(ascii: "#") { k += 1 }
            return k - j
        }
        func isNameByte(_ b: UInt8) -> Bool {
            (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
                || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "_") || b >= 0x80
        }
        /// The offset of the next byte after `j` that is not white space or a comment.
        func nextToken(after j: Int) -> Int {
            var k = j
            while k < n {
                let b = bytes[k]
                if b == UInt8(ascii: " ") || b == UInt8(ascii: "\t") || b == UInt8(ascii: "\n") || b == UInt8(ascii: "\r") {
                    k += 1
                } else if b == UInt8(ascii: "/"), at(k + 1) == UInt8(ascii: "/") {
                    while k < n, bytes[k] != UInt8(ascii: "\n") { k += 1 }
                } else if b == UInt8(ascii: "/"), at(k + 1) == UInt8(ascii: "*") {
                    k += 2
                    while k < n, !(bytes[k] == UInt8(ascii: "*") && at(k + 1) == UInt8(ascii: "/")) { k += 1 }
                    k += 2
                } else {
                    break
                }
            }
            return k
        }
        /// Whether the word `word` starts at `j` (and is a whole word).
        func word(_ word: StaticString, at j: Int) -> Bool {
            let count = word.utf8CodeUnitCount
            guard j + count <= n, j == 0 || !isNameByte(bytes[j - 1]) || bytes[j - 1] == UInt8(ascii: "@") else { return false }
            for k in 0..<count where bytes[j + k] != word.utf8Start[k] { return false }
            return !isNameByte(at(j + count))
        }
        func malformedRefusal(_ offset: Int) -> Refusal {
            Refusal(offset: offset, reason: "\(malformedSwitches) switches whose body does not start with a `case` (in a file of "
                + "\(n) bytes): swift-syntax scans ahead for a case from each to the end of the file, so its work grows with "
                + "their number times the bytes after them", fix: "start each switch's body with a `case` (the file cannot compile like this)")
        }
        while i < n {
            if case .string(let raw, let multiline)? = stack.last {
                let b = bytes[i]
                if b == UInt8(ascii: "\\"), hashes(from: i + 1) >= raw {
                    let next = i + 1 + raw
                    if at(next) == UInt8(ascii: "(") {
                        stack.append(.interpolation)
                        if stack.count > limit { return Refusal(offset: i, reason: tooDeep(limit)) }
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
                if raw > poundRunLimit {
                    return Refusal(offset: i, reason: "\(raw) `#` back to back here, outside strings and comments; swift-syntax's "
                        + "lexer reads the rest of the run again from each `#`, so its time grows with the run's length squared",
                                   fix: "remove the run of `#` (a raw string's delimiter has a few)")
                }
                guard at(i + raw) == UInt8(ascii: "\"") else { i += max(raw, 1); continue }
                let multiline = at(i + raw + 1) == UInt8(ascii: "\"") && at(i + raw + 2) == UInt8(ascii: "\"")
                stack.append(.string(raw: raw, multiline: multiline))
                if stack.count > limit { return Refusal(offset: i, reason: tooDeep(limit)) }
                i += raw + (multiline ? 3 : 1)
            case UInt8(ascii: "\\") where at(i + 1) == UInt8(ascii: "("):
                stack.append(.keyPathParenthesis)
                keyPathParentheses += 1
                if stack.count > limit || keyPathParentheses > keyPathParenthesisLimit { return Refusal(offset: i, reason: tooDeep(limit)) }
                i += 2
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                if b == UInt8(ascii: "{"), switchDepth == stack.count {
                    // A switch's body: a `case`, `default`, `@unknown`, `#if` or `}` comes first in valid Swift.
                    switchDepth = nil
                    let first = nextToken(after: i + 1)
                    if !(word("case", at: first) || word("default", at: first) || at(first) == UInt8(ascii: "@")
                         || at(first) == UInt8(ascii: "#") || at(first) == UInt8(ascii: "}")) {
                        malformedSwitches += 1
                        malformedWork += n - i
                        if malformedSwitches > malformedSwitchLimit || malformedWork > malformedSwitchWork {
                            return malformedRefusal(i)
                        }
                    }
                }
                if b == UInt8(ascii: "[") {
                    stack.append(.square)
                    squares += 1
                    if squares > squareBracketLimit {
                        return Refusal(offset: i, reason: "square brackets `[` nest more than \(squareBracketLimit) levels deep here; "
                            + "swift-syntax's time doubles with each level",
                                       fix: "close the open brackets, or give the inner literals names of their own")
                    }
                } else {
                    stack.append(.bracket)
                }
                if stack.count > limit { return Refusal(offset: i, reason: tooDeep(limit)) }
                if b == UInt8(ascii: "{") { angles = 0 }
                i += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                // Close the innermost bracket or interpolation (a string left open inside it ends too).
                while let top = stack.popLast() {
                    if case .string = top { continue }
                    if case .keyPathParenthesis = top { keyPathParentheses -= 1 }
                    if case .square = top { squares -= 1 }
                    break
                }
                if b == UInt8(ascii: "}") {
                    angles = 0
                    if !word("else", at: nextToken(after: i + 1)) { chains[stack.count] = nil }
                }
                i += 1
            case UInt8(ascii: "<") where i > 0 && isNameByte(bytes[i - 1]):
                angles += 1
                if angles > angleBracketLimit {
                    return Refusal(offset: i, reason: "generic angle brackets `<` open more than \(angleBracketLimit) levels deep on "
                        + "one line here; each nests the syntax tree one level more",
                                   fix: "close the open angle brackets, or name the inner types (typealias)")
                }
                i += 1
            case UInt8(ascii: ">"):
                angles = max(angles - 1, 0)
                i += 1
            case UInt8(ascii: "\n"), UInt8(ascii: ";"):
                angles = 0
                i += 1
            case UInt8(ascii: "e") where word("else", at: i):
                if word("if", at: nextToken(after: i + 4)) {
                    let links = (chains[stack.count] ?? 0) + 1
                    chains[stack.count] = links
                    if links > elseIfChainLimit {
                        return Refusal(offset: i, reason: "an `else if` chain has more than \(elseIfChainLimit) links here; "
                            + "each nests the syntax tree one level more",
                                           fix: "split the chain (a switch, or a table of cases)")
                    }
                }
                i += 4
            case UInt8(ascii: "s") where word("switch", at: i):
                // A switch met again at the same depth before the last one opened its body has no body at all: the
                // parser's recovery scans ahead from it just the same.
                if switchDepth == stack.count {
                    malformedSwitches += 1
                    malformedWork += 2 * (n - i)
                    if malformedSwitches > malformedSwitchLimit || malformedWork > malformedSwitchWork {
                        return malformedRefusal(i)
                    }
                }
                switchDepth = stack.count
                i += 6
            default:
                if isNameByte(b) {
                    // The rest of a name at once, so a keyword is only ever seen at a name's start.
                    while i < n, isNameByte(bytes[i]) { i += 1 }
                } else {
                    i += 1
                }
            }
        }
        return nil
    }

    private static func tooDeep(_ limit: Int) -> String {
        "brackets or string interpolations nest more than \(limit) levels deep here (or key-path parentheses `\\(` more "
            + "than \(keyPathParenthesisLimit)); swift-syntax takes super-linear time on such code"
    }
}
