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
    /// Tokens in a type's body that start no declaration (an operand right after another, `a() b()`, also inside a
    /// member's unclosed parenthesis; a `)` or `]` that closes nothing; or a line that starts with a plain name after
    /// a line that ended with an operand, a `case` keyword missing) send swift-syntax's recovery scanning ahead from each of them for the next declaration:
    /// each costs the bytes after it up to the next declaration keyword. Past this many bytes of such scans in one run
    /// the file is not parsed (the fuzzer's `var icon: Stri` followed by a long line of `NotificationType(rawValue: "x")`
    /// took over 60 s in a debug build). Valid Swift has none.
    static let memberRecoveryWork = 1 << 14
    /// Operator characters back to back in code, a block comment between them counting as two: swift-syntax's lexer
    /// works quadratically on operators glued to comments (`**/**/**/…`, 400 of them took 1.6 s in a debug build, a
    /// fuzzed line of `*/` and `*` over a minute). Far past any real operator (`..<`, `&+=`, `!==`).
    static let operatorRunLimit = 64
    /// `#if` blocks open inside one another (an `#if` not yet closed by its `#endif`) at most this many: each level
    /// nests the syntax tree once more, and the walks over it cost as much again (a fuzzed line of 1,900 `#if DEBUG`
    /// without an `#endif` took 4 s in a debug build). Hand-written code nests a few.
    static let conditionalCompilationLimit = 64

    /// Why a file is not parsed: the byte offset the finding points at, and what it says.
    struct Refusal: Equatable {
        let offset: Int
        let reason: String
        var fix = "close the open brackets (the file cannot compile like this)"
    }

    private enum Frame {
        /// `(`.
        case bracket
        /// `{` of a block, a closure or an accessor: code, not members.
        case brace
        /// `[`: counted against `squareBracketLimit`.
        case square
        /// `(` right after a `\` in code: a parenthesized key-path root.
        case keyPathParenthesis
        case interpolation
        /// A string literal: `raw` is its number of `#`, `multiline` whether it opened with `"""`.
        case string(raw: Int, multiline: Bool)
        /// The `{` of a type's body (after `enum`, `struct`, `class`, `actor`, `extension` or `protocol`): its top
        /// level holds declarations, read by `MemberRun`.
        case typeBody
    }

    /// The tokens of one type body since its last declaration keyword (at its top level, or in the parentheses and
    /// brackets of a member's signature or initializer, closed or not), as far as the parser's recovery cares: how
    /// many start no declaration, and the work scanning ahead from them costs.
    private struct MemberRun {
        enum Previous { case none, operand, other }
        var previous = Previous.none
        var strays = 0
        var work = 0
        /// The offset of the first token that started no declaration in this run.
        var firstStray = 0
        /// An operand right after another, until the next token says whether it is a stray: a `:` makes the two a
        /// parameter's label and name (`from decoder: Decoder`).
        var pending: Int?
        /// Where the last token started: the bytes from there to the next token (comments and white space
        /// included) are scanned again from every stray before them.
        var last = 0
        /// In a type's declaration: the `:` met so far, and whether a `where` clause has begun (whose requirements
        /// have a `:` each). A second `:` before any `where` is a stray (`enum X: A: A: …`).
        var colons = 0
        var whereClause = false

        /// One more token: `operand` for a name that is not a keyword or a literal, `closing` for `)`, `]` or `}`;
        /// `declarationStart` for a declaration keyword, `@`, `#` or `;`, which ends the run.
        mutating func token(at offset: Int, operand: Bool = false, closing: Bool = false, colon: Bool = false,
                            strayColon: Bool = false, strayCloser: Bool = false, declarationStart: Bool = false) {
            if declarationStart {
                self = MemberRun(last: offset)
                return
            }
            if let stray = pending, !colon {
                if strays == 0 { firstStray = stray }
                strays += 1
            }
            if strayColon || strayCloser {
                if strays == 0 { firstStray = offset }
                strays += 1
            }
            pending = operand && previous == .operand ? offset : nil
            work += strays * (offset - last)
            last = offset
            previous = operand || closing ? .operand : .other
        }
    }

    /// Words that are keywords where a type's members are declared: a declaration or one of its modifiers (which
    /// end a run of strays), or a word of a declaration's signature (`some`, `throws`, `where`), which is no operand.
    private static let declarationWords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "func", "import", "init", "let", "operator",
        "precedencegroup", "protocol", "struct", "subscript", "typealias", "var", "case", "actor", "macro",
        "fileprivate", "internal", "private", "public", "open", "package", "static", "final", "override", "required",
        "convenience", "mutating", "nonmutating", "lazy", "weak", "unowned", "optional", "dynamic", "indirect",
        "prefix", "postfix", "infix", "nonisolated", "distributed", "isolated",
    ]
    private static let signatureWords: Set<String> = [
        "some", "any", "each", "repeat", "inout", "borrowing", "consuming", "sending", "throws", "rethrows", "async",
        "await", "try", "where", "in", "is", "as", "get", "set", "willSet", "didSet", "_modify", "_read", "unsafe",
        "__shared", "__owned", "__consuming", "_const",
        "if", "else", "elseif", "endif", "switch", "default", "return", "for", "while", "guard", "do", "catch", "throw", "defer",
        "break", "continue", "fallthrough", "consume", "copy", "discard", "yield", "then",
    ]
    /// The words after which the next `{` opens a type's body.
    private static let typeWords: Set<String> = ["enum", "struct", "class", "actor", "extension", "protocol"]

    /// Each word of the three sets, with the sets it is in (`typeWord`, `declarationWord`, `signatureWord`): one
    /// lookup per word, made only when some word has its first byte and length (`wordShapes`). The scan meets every
    /// name of the file; making each one a `String` and looking it up in three sets cost a third of the scan.
    private static let typeWord: UInt8 = 1, declarationWord: UInt8 = 2, signatureWord: UInt8 = 4
    private static let wordKinds: [String: UInt8] = {
        var kinds: [String: UInt8] = [:]
        for word in typeWords { kinds[word, default: 0] |= typeWord }
        for word in declarationWords { kinds[word, default: 0] |= declarationWord }
        for word in signatureWords { kinds[word, default: 0] |= signatureWord }
        return kinds
    }()
    /// Index `first byte * 17 + length`: whether a word of `wordKinds` starts with that byte and has that length.
    private static let wordShapes: [Bool] = {
        var shapes = [Bool](repeating: false, count: 256 * 17)
        for word in wordKinds.keys where word.utf8.count <= 16 { shapes[Int(word.utf8.first!) * 17 + word.utf8.count] = true }
        return shapes
    }()

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
        var keyPathParentheses = 0, squares = 0, angles = 0, malformedSwitches = 0, operatorRun = 0, conditions = 0
        /// The bytes the malformed switches send the parser's recovery scanning over (see `malformedSwitchWork`).
        var malformedWork = 0
        /// `else if` links of the chain at each depth; a `}` not followed by `else` ends the chain there.
        var chains: [Int: Int] = [:]
        /// The depth a `switch` was met at, until its body's `{`.
        var switchDepth: Int?
        /// The depth a type's name was declared at (`struct Name`), until its body's `{`.
        var typeDepth: Int?
        /// One per open type body, innermost last.
        var runs: [MemberRun] = []
        /// The header of the type being declared (`enum Name: Raw, Protocol where …`), until its body's `{`: the
        /// parser's recovery looks for that `{` from every stray in it.
        var header = MemberRun()
        /// The current line of code outside any type's body (a function's body, top-level code): there the parser
        /// recovers from a stray to the end of its line (`ype: Snum NotificationType: Snum …`, a label then strays).
        var line = MemberRun()
        /// Whether the innermost brace around here is a type's body (parentheses and brackets between count too:
        /// a member's signature or initializer, closed or not).
        var inMemberContext: Bool {
            for frame in stack.reversed() {
                switch frame {
                case .typeBody: return true
                case .bracket, .square, .keyPathParenthesis: continue
                case .brace, .interpolation, .string: return false
                }
            }
            return false
        }
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
        func isOperatorByte(_ b: UInt8) -> Bool {
            switch b {
            case UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "!"), UInt8(ascii: "*"),
                 UInt8(ascii: "%"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), UInt8(ascii: "|"), UInt8(ascii: "^"),
                 UInt8(ascii: "~"), UInt8(ascii: "?"), UInt8(ascii: "."):
                return true
            default:
                return false
            }
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
        /// The length of the word (letters only, up to 16) starting at `j`, or nil.
        func keyword(at j: Int) -> Int? {
            guard j == 0 || (bytes[j - 1] != UInt8(ascii: ".") && !isNameByte(bytes[j - 1])) else { return nil }
            var k = j
            while k < n, k - j <= 16, (bytes[k] >= UInt8(ascii: "a") && bytes[k] <= UInt8(ascii: "z"))
                || (bytes[k] >= UInt8(ascii: "A") && bytes[k] <= UInt8(ascii: "Z")) || bytes[k] == UInt8(ascii: "_") { k += 1 }
            guard k > j, k - j <= 16, !isNameByte(at(k)) else { return nil }
            return k - j
        }
        /// The sets (`wordKinds`) the word of `length` bytes at `j` is in; 0 for none.
        func kind(at j: Int, length: Int) -> UInt8 {
            guard Self.wordShapes[Int(bytes[j]) * 17 + length] else { return 0 }
            return Self.wordKinds[String(decoding: bytes[j..<j + length], as: UTF8.self)] ?? 0
        }
        /// Counts one token at the top level of the innermost type body; the refusal when its run costs too much.
        func memberToken(at offset: Int, operand: Bool = false, closing: Bool = false, colon: Bool = false,
                         strayCloser: Bool = false, declarationStart: Bool = false) -> Refusal? {
            if let depth = typeDepth, depth == stack.count {
                // No parameter's `label name:` here: an operand after an operand is a stray whatever follows.
                // Generic parameters' constraints (`<T: P>`) are no inheritance clause.
                let inheritanceColon = colon && angles == 0
                let strayColon = inheritanceColon && header.colons > 0 && !header.whereClause
                if inheritanceColon { header.colons += 1 }
                header.token(at: offset, operand: operand, closing: closing, strayColon: strayColon, declarationStart: declarationStart)
                return header.work > memberRecoveryWork ? memberRefusal(header, in: "a type's declaration") : nil
            }
            // `label name:` is a parameter only inside parentheses.
            var inParentheses = false
            if case .bracket? = stack.last { inParentheses = true }
            guard !runs.isEmpty, inMemberContext else {
                // Inside a string's interpolation: an expression of its own, judged by the compiler, not counted.
                for frame in stack.reversed() {
                    if case .interpolation = frame { return nil }
                    if case .string = frame { return nil }
                    if case .brace = frame { break }
                    if case .typeBody = frame { break }
                }
                line.token(at: offset, operand: operand, closing: closing, colon: colon && inParentheses, declarationStart: declarationStart)
                return line.work > memberRecoveryWork ? memberRefusal(line, in: "a line of code") : nil
            }
            runs[runs.count - 1].token(at: offset, operand: operand, closing: closing, colon: colon && inParentheses,
                                       strayCloser: strayCloser, declarationStart: declarationStart)
            let run = runs[runs.count - 1]
            return run.work > memberRecoveryWork ? memberRefusal(run, in: "a type's body") : nil
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
            if b == UInt8(ascii: "/"), at(i + 1) == UInt8(ascii: "*") || at(i + 1) == UInt8(ascii: "/") {
                operatorRun += 2
            } else if isOperatorByte(b) {
                operatorRun += 1
            } else {
                operatorRun = 0
            }
            if operatorRun > operatorRunLimit {
                return Refusal(offset: i, reason: "more than \(operatorRunLimit) operator characters and comments back to back here; "
                    + "swift-syntax's lexer takes quadratic time on operators glued to comments",
                               fix: "remove the run of operator characters (the file cannot compile like this)")
            }
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
                guard at(i + raw) == UInt8(ascii: "\"") else {
                    if let refusal = memberToken(at: i, declarationStart: true) { return refusal }
                    if raw == 1, word("if", at: i + 1) {
                        conditions += 1
                        if conditions > conditionalCompilationLimit {
                            return Refusal(offset: i, reason: "`#if` blocks nest more than \(conditionalCompilationLimit) levels deep here; "
                                + "each nests the syntax tree one level more",
                                           fix: "close the open `#if` blocks with `#endif` (the file cannot compile like this)")
                        }
                    } else if raw == 1, word("endif", at: i + 1) {
                        conditions = max(conditions - 1, 0)
                    }
                    i += max(raw, 1)
                    // `#/` opens a regex literal for swift-syntax's lexer, so the slashes after `#` start no comment:
                    // the rest of the line is code to it (`####////…####…` after malformed switches: 21 s in a debug
                    // build, its `#` runs lexed again on every recovery scan: fuzz).
                    while i < n, bytes[i] == UInt8(ascii: "/") { i += 1 }
                    continue
                }
                if let refusal = memberToken(at: i, operand: true) { return refusal }
                let multiline = at(i + raw + 1) == UInt8(ascii: "\"") && at(i + raw + 2) == UInt8(ascii: "\"")
                stack.append(.string(raw: raw, multiline: multiline))
                if stack.count > limit { return Refusal(offset: i, reason: tooDeep(limit)) }
                i += raw + (multiline ? 3 : 1)
            case UInt8(ascii: "\\") where at(i + 1) == UInt8(ascii: "("):
                if let refusal = memberToken(at: i) { return refusal }
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
                if let refusal = memberToken(at: i) { return refusal }
                if b == UInt8(ascii: "{"), typeDepth == stack.count {
                    stack.append(.typeBody)
                    runs.append(MemberRun(last: i))
                } else if b == UInt8(ascii: "[") {
                    stack.append(.square)
                    squares += 1
                    if squares > squareBracketLimit {
                        return Refusal(offset: i, reason: "square brackets `[` nest more than \(squareBracketLimit) levels deep here; "
                            + "swift-syntax's time doubles with each level",
                                       fix: "close the open brackets, or give the inner literals names of their own")
                    }
                } else {
                    stack.append(b == UInt8(ascii: "{") ? .brace : .bracket)
                }
                if stack.count > limit { return Refusal(offset: i, reason: tooDeep(limit)) }
                if b == UInt8(ascii: "{") { angles = 0; typeDepth = nil }
                i += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                // Close the innermost bracket or interpolation (a string left open inside it ends too). A type's body
                // ends only at its `}`: a `)` or `]` there closes nothing (the parser reads it as a stray token).
                var closedNothing = false
                while let top = stack.last {
                    if case .typeBody = top, b != UInt8(ascii: "}") { closedNothing = true; break }
                    stack.removeLast()
                    if case .string = top { continue }
                    if case .keyPathParenthesis = top { keyPathParentheses -= 1 }
                    if case .square = top { squares -= 1 }
                    if case .typeBody = top { runs.removeLast() }
                    break
                }
                // A `)` or `]` that closes nothing in a type's body starts no declaration: a stray like an operand
                // after an operand (`-> D: Any]) -> D: Any]) …` after a signature took 10 s in a debug build: fuzz).
                if let refusal = memberToken(at: i, closing: true, strayCloser: closedNothing) { return refusal }
                if b == UInt8(ascii: "}") {
                    typeDepth = nil
                    angles = 0
                    if !word("else", at: nextToken(after: i + 1)) { chains[stack.count] = nil }
                }
                i += 1
            case UInt8(ascii: "<") where i > 0 && isNameByte(bytes[i - 1]):
                if let refusal = memberToken(at: i) { return refusal }
                angles += 1
                if angles > angleBracketLimit {
                    return Refusal(offset: i, reason: "generic angle brackets `<` open more than \(angleBracketLimit) levels deep on "
                        + "one line here; each nests the syntax tree one level more",
                                   fix: "close the open angle brackets, or name the inner types (typealias)")
                }
                i += 1
            case UInt8(ascii: ">"):
                if let refusal = memberToken(at: i) { return refusal }
                angles = max(angles - 1, 0)
                i += 1
            case UInt8(ascii: "\n"), UInt8(ascii: ";"):
                line = MemberRun(last: i)
                if b == UInt8(ascii: ";") {
                    typeDepth = nil
                    if let refusal = memberToken(at: i, declarationStart: true) { return refusal }
                }
                angles = 0
                i += 1
            case UInt8(ascii: "e") where word("else", at: i):
                if let refusal = memberToken(at: i) { return refusal }
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
                if let refusal = memberToken(at: i) { return refusal }
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
                    // Only a type's keyword (`enum`, `struct`, `class`, `actor`, `extension`, `protocol`) matters
                    // outside a type's body, and then the declaration keywords that end its header.
                    // Keywords are lower case (or start with `_`): a capitalised name is an operand at once.
                    if (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || b == UInt8(ascii: "_"), let length = keyword(at: i) {
                        let word = kind(at: i, length: length)
                        // A type's name follows its keyword: `actor` is also a name (`for actor in actors {`).
                        if word & Self.typeWord != 0, case let name = nextToken(after: i + length), isNameByte(at(name)),
                           !(keyword(at: name).map { kind(at: name, length: $0) & (Self.declarationWord | Self.signatureWord) != 0 } ?? false) {
                            typeDepth = stack.count
                        } else if word & Self.declarationWord != 0 {
                            typeDepth = nil
                        }
                        if length == 5, word & Self.signatureWord != 0, bytes[i ..< i + 5].elementsEqual("where".utf8),
                           let depth = typeDepth, depth == stack.count { header.whereClause = true }
                        let declaration = word & Self.declarationWord != 0
                        // An attribute's name (`@unchecked Sendable`, `@escaping () -> Void`) is no operand.
                        let attribute = i > 0 && bytes[i - 1] == UInt8(ascii: "@")
                        if let refusal = memberToken(at: i, operand: !declaration && !attribute && word & Self.signatureWord == 0,
                                                     declarationStart: declaration) { return refusal }
                    } else if let refusal = memberToken(at: i, operand: i == 0 || bytes[i - 1] != UInt8(ascii: "@")) {
                        return refusal
                    }
                    // The rest of a name at once, so a keyword is only ever seen at a name's start.
                    while i < n, isNameByte(bytes[i]) { i += 1 }
                } else {
                    if b != UInt8(ascii: " "), b != UInt8(ascii: "\t"), b != UInt8(ascii: "\r"),
                       let refusal = memberToken(at: i, colon: b == UInt8(ascii: ":"), declarationStart: b == UInt8(ascii: "@")) {
                        return refusal
                    }
                    i += 1
                }
            }
        }
        // The strays of a body left open scan on to the end of the file (a comment left open included).
        for run in runs where run.strays > 0 && run.work + run.strays * (n - run.last) > memberRecoveryWork {
            return memberRefusal(run, in: "a type's body")
        }
        if line.strays > 0, line.work + line.strays * (n - line.last) > memberRecoveryWork {
            return memberRefusal(line, in: "a line of code")
        }
        if typeDepth != nil, header.strays > 0, header.work + header.strays * (n - header.last) > memberRecoveryWork {
            return memberRefusal(header, in: "a type's declaration")
        }
        return nil
    }

    private static func memberRefusal(_ run: MemberRun, in place: String) -> Refusal {
        Refusal(offset: run.firstStray, reason: "\(run.strays) tokens from here on, in \(place), start no declaration (an "
            + "operand right after another, a line that starts with a plain name, or a `)` or `]` that closes nothing); swift-syntax's recovery scans ahead "
            + "from each of them to the next declaration, so its work grows with their number times the bytes they span",
                fix: "start each member with its keyword (`case`, `var`, `let`, `func`, …) (the file cannot compile like this)")
    }

    private static func tooDeep(_ limit: Int) -> String {
        "brackets or string interpolations nest more than \(limit) levels deep here (or key-path parentheses `\\(` more "
            + "than \(keyPathParenthesisLimit)); swift-syntax takes super-linear time on such code"
    }
}
