/// A value of an old-style (OpenStep) property list, the format of an `.xcodeproj`'s `project.pbxproj`: strings
/// (quoted with escapes, or bare), arrays `( a, b, )`, dictionaries `{ key = value; }` and data `<0fab>` (kept as
/// its hex text), with `/* */` and `//` comments anywhere between tokens.
enum OldStylePlist: Sendable, Equatable {
    case string(String)
    case array([OldStylePlist])
    case dictionary([String: OldStylePlist])

    /// Why a text is no property list, and where (1-based line).
    struct SyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
        var line: Int
        var reason: String
        var description: String { "line \(line): \(reason)" }
    }

    var string: String? { if case .string(let s) = self { s } else { nil } }
    var array: [OldStylePlist]? { if case .array(let a) = self { a } else { nil } }
    var dictionary: [String: OldStylePlist]? { if case .dictionary(let d) = self { d } else { nil } }

    subscript(key: String) -> OldStylePlist? { dictionary?[key] }

    /// The strings of an array value (object IDs, paths); other items are skipped.
    var strings: [String] { array?.compactMap(\.string) ?? [] }

    /// The one value `text` holds; anything but comments and white space after it is an error.
    static func parse(_ text: String) throws -> OldStylePlist {
        var parser = Parser(bytes: Array(text.utf8))
        let value = try parser.value(depth: 0)
        try parser.skipTrivia()
        guard parser.index == parser.bytes.count else { throw parser.error("text after the property list") }
        return value
    }

    private struct Parser {
        let bytes: [UInt8]
        var index = 0

        /// Deeper than any project file nests (about 6): a hostile file would otherwise exhaust the stack.
        static let maxDepth = 256

        func error(_ reason: String) -> SyntaxError {
            SyntaxError(line: 1 + bytes[..<min(index, bytes.count)].lazy.filter { $0 == UInt8(ascii: "\n") }.count, reason: reason)
        }

        mutating func value(depth: Int) throws -> OldStylePlist {
            guard depth < Self.maxDepth else { throw error("nested deeper than \(Self.maxDepth) levels") }
            try skipTrivia()
            guard index < bytes.count else { throw error("a value was expected, the text ended") }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                index += 1
                var out: [String: OldStylePlist] = [:]
                while true {
                    try skipTrivia()
                    if try peek() == UInt8(ascii: "}") { index += 1; return .dictionary(out) }
                    let key = try scalar()
                    try expect("=")
                    out[key] = try value(depth: depth + 1)
                    try expect(";")
                }
            case UInt8(ascii: "("):
                index += 1
                var out: [OldStylePlist] = []
                while true {
                    try skipTrivia()
                    if try peek() == UInt8(ascii: ")") { index += 1; return .array(out) }
                    out.append(try value(depth: depth + 1))
                    try skipTrivia()
                    if try peek() == UInt8(ascii: ",") { index += 1 } else { try expect(")"); return .array(out) }
                }
            case UInt8(ascii: "<"):
                index += 1
                let start = index
                while index < bytes.count, bytes[index] != UInt8(ascii: ">") { index += 1 }
                guard index < bytes.count else { throw error("data `<...>` not closed") }
                index += 1
                return .string(String(decoding: bytes[start..<index - 1], as: UTF8.self))
            default:
                return .string(try scalar())
            }
        }

        /// A quoted or bare string.
        mutating func scalar() throws -> String {
            try skipTrivia()
            guard index < bytes.count else { throw error("a string was expected, the text ended") }
            if bytes[index] == UInt8(ascii: "\"") { return try quoted() }
            let start = index
            while index < bytes.count, Self.isBare(bytes[index]), !startsComment(at: index) { index += 1 }
            guard index > start else { throw error("unexpected `\(Character(Unicode.Scalar(bytes[index])))`") }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }

        /// Letters, digits and `_$+/:.-` (and any non-ASCII byte: tolerated, never written by Xcode).
        static func isBare(_ b: UInt8) -> Bool {
            switch b {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
            case UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: ":"),
                 UInt8(ascii: "."), UInt8(ascii: "-"): true
            default: b >= 0x80
            }
        }

        /// A `"..."` string: `\n`, `\t`, `\r`, `\"`, `\\`, octal `\012` and `\U00e9` escapes.
        mutating func quoted() throws -> String {
            index += 1
            var out: [UInt8] = []
            while index < bytes.count {
                let b = bytes[index]
                index += 1
                if b == UInt8(ascii: "\"") { return String(decoding: out, as: UTF8.self) }
                guard b == UInt8(ascii: "\\") else { out.append(b); continue }
                guard index < bytes.count else { break }
                let e = bytes[index]
                index += 1
                switch e {
                case UInt8(ascii: "n"): out.append(10)
                case UInt8(ascii: "t"): out.append(9)
                case UInt8(ascii: "r"): out.append(13)
                case UInt8(ascii: "U"), UInt8(ascii: "u"):
                    let digits = bytes[index..<min(index + 4, bytes.count)].prefix { Self.hexValue($0) != nil }
                    index += digits.count
                    let code = digits.reduce(UInt32(0)) { $0 * 16 + UInt32(Self.hexValue($1)!) }
                    out += Array(String(Unicode.Scalar(code).map(Character.init) ?? "\u{FFFD}").utf8)
                case UInt8(ascii: "0")...UInt8(ascii: "7"):
                    var code = UInt32(e - UInt8(ascii: "0"))
                    for _ in 0..<2 where index < bytes.count && (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[index]) {
                        code = code * 8 + UInt32(bytes[index] - UInt8(ascii: "0"))
                        index += 1
                    }
                    out += Array(String(Unicode.Scalar(code).map(Character.init) ?? "\u{FFFD}").utf8)
                default: out.append(e)
                }
            }
            throw error("a quoted string is not closed")
        }

        static func hexValue(_ b: UInt8) -> UInt8? {
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): b - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): b - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): b - UInt8(ascii: "A") + 10
            default: nil
            }
        }

        mutating func expect(_ c: Unicode.Scalar) throws {
            try skipTrivia()
            guard index < bytes.count, bytes[index] == UInt8(ascii: c) else {
                throw error(index < bytes.count ? "`\(c)` was expected, found `\(Character(Unicode.Scalar(bytes[index])))`"
                    : "`\(c)` was expected, the text ended")
            }
            index += 1
        }

        mutating func peek() throws -> UInt8 {
            guard index < bytes.count else { throw error("the text ended inside a list or dictionary") }
            return bytes[index]
        }

        /// Whether a `/*` or `//` comment starts at `i` (a bare string ends there: `/` is one of its characters).
        func startsComment(at i: Int) -> Bool {
            bytes[i] == UInt8(ascii: "/") && i + 1 < bytes.count && (bytes[i + 1] == UInt8(ascii: "*") || bytes[i + 1] == UInt8(ascii: "/"))
        }

        /// White space and comments.
        mutating func skipTrivia() throws {
            while index < bytes.count {
                let b = bytes[index]
                if b == 32 || (9...13).contains(b) {
                    index += 1
                } else if startsComment(at: index), bytes[index + 1] == UInt8(ascii: "*") {
                    index += 2
                    while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) { index += 1 }
                    guard index + 1 < bytes.count else { throw error("a /* comment is not closed") }
                    index += 2
                } else if startsComment(at: index) {
                    while index < bytes.count, bytes[index] != 10 { index += 1 }
                } else {
                    return
                }
            }
        }
    }
}
