import ContractsCore
import Foundation
import SwiftParser
import SwiftSyntax

/// One hand-written Swift file, parsed once and shared by every rule.
///
/// Holds the converter so each rule reports `file:line:column` exactly as swift-syntax (and swiftc) count
/// them: 1-based, columns in UTF-8 bytes.
struct ParsedSwiftFile {
    /// Path relative to the project root.
    let path: String
    let syntax: SourceFileSyntax
    /// Its type declarations and extensions, by name.
    let types: TypeDeclarations
    /// The types its names are declared with.
    let declaredTypes: DeclaredTypes
    /// The keys it reads from push payloads (two rules ask; a walk of the whole file, so done once).
    let pushReads: PushPayloadReads
    /// The source text, for the byte tests that decide which readers can find anything.
    let source: SourceText
    /// Made on the first location asked for (a scan of the bytes): most files report none.
    private let lines: LazyLineStarts

    /// Parses `text`. A reader whose findings need a name the text does not hold (`userInfo`, `AnyHashable`,
    /// `Codable`, `Encodable`) is not run: it would find nothing. `nestedNames`: the simple names of nested
    /// shared enums, whose spellings the declared types keep (`SwiftSharedEnums.nestedNames`).
    init(path: String, text: String, nestedNames: Set<String> = []) {
        SwiftTrees.countParse(path)
        self.init(path: path, text: text, syntax: Parser.parse(source: text), nestedNames: nestedNames)
    }

    /// The same over `syntax`, the tree of `text` parsed already (`SwiftTrees`: another reader's parse of the file).
    init(path: String, text: String, syntax: SourceFileSyntax, nestedNames: Set<String>) {
        self.path = path
        source = SourceText(text)
        self.syntax = syntax
        (types, declaredTypes) = DeclaredTypes.read(syntax, source: source, nestedNames: nestedNames)
        pushReads = source.names("userInfo") || source.names("AnyHashable") ? PushPayloadReads(syntax) : .none
        lines = LazyLineStarts(text)
    }

    /// The `count` bytes of the source at `line` and UTF-8 `column` (as `location(of:)` counts them); nil past its end.
    func sourceBytes(line: Int, column: Int, count: Int) -> [UInt8]? {
        lines.bytes(line: line, column: column, count: count)
    }

    /// Whether the text holds `word` (see `SourceText.mentions`).
    func mentions(_ word: String) -> Bool { source.mentions(word) }

    /// Where a node starts, after its leading trivia (comments, indentation).
    /// Lines and columns are counted as swift-syntax's `SourceLocationConverter` counts them (1-based, columns in
    /// UTF-8 bytes, `\n`, `\r\n` and a lone `\r` ending a line), from the node's byte offset: the converter walks
    /// every token of the file first, which costs more than the rest of a reader's walk.
    func location(of node: some SyntaxProtocol) -> ContractsCore.SourceLocation {
        let (line, column) = lines.lineAndColumn(ofByte: node.positionAfterSkippingLeadingTrivia.utf8Offset)
        return ContractsCore.SourceLocation(file: path, line: line, column: column)
    }
}

/// A file's text and the byte tests readers are gated on: a reader whose every finding starts at some name (a
/// push payload is a `userInfo` or an `[AnyHashable: Any]`; a row type is `Encodable` or `Codable`; a row write
/// names the table) has nothing to find in a file whose text lacks it.
struct SourceText {
    let text: String
    /// The text spells words indirectly: a `\u{…}` escape, or a multi-line literal (whose `\` line ends join
    /// lines). Found once per file.
    private let spellsIndirectly: Bool

    init(_ text: String) {
        self.text = text
        spellsIndirectly = Self.holds(Self.unicodeEscape, in: text) || Self.holds(Self.multiLineQuote, in: text)
    }

    /// Whether the identifier occurs in the text (Swift has no escapes in identifiers).
    func names(_ identifier: String) -> Bool { Self.holds(Array(identifier.utf8), in: text) }

    /// Whether the text holds `word` anywhere (code, strings or comments), or could spell it in a string literal
    /// by escapes or line continuations: a reader that needs a string's content to be `word` has nothing to
    /// find otherwise.
    func mentions(_ word: String) -> Bool { spellsIndirectly || names(word) }

    /// Whether `bytes` occur in the text's UTF-8 (a byte search: `String.contains` goes through Foundation, many
    /// times slower on Linux).
    static func holds(_ bytes: [UInt8], in text: String) -> Bool {
        TextBytes.holds(bytes, in: text)
    }

    private static let unicodeEscape = Array("\\u{".utf8)
    private static let multiLineQuote = Array("\"\"\"".utf8)
}

/// Where each line of a file starts (byte offsets), found once, on first use, by whichever thread asks first.
final class LazyLineStarts: @unchecked Sendable {
    private let text: String
    private let lock = NSLock()
    private var made: [Int]?

    init(_ text: String) { self.text = text }

    /// The `count` bytes at the 1-based `line` and UTF-8 `column`; nil when they are not all in the text.
    func bytes(line: Int, column: Int, count: Int) -> [UInt8]? {
        let starts = lineStarts
        guard line >= 1, line <= starts.count else { return nil }
        let start = starts[line - 1] + column - 1
        var text = text
        return text.withUTF8 { bytes in
            guard start >= 0, count >= 0, start + count <= bytes.count else { return nil }
            return Array(bytes[start ..< start + count])
        }
    }

    /// The 1-based line and UTF-8 column of byte `offset`.
    func lineAndColumn(ofByte offset: Int) -> (line: Int, column: Int) {
        let starts = lineStarts
        var low = 0, high = starts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if starts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return (low + 1, offset - starts[low] + 1)
    }

    private var lineStarts: [Int] {
        lock.lock()
        defer { lock.unlock() }
        if let made { return made }
        var starts = [0]
        var text = text
        text.withUTF8 { bytes in
            var i = 0
            while i < bytes.count {
                let byte = bytes[i]
                if byte == 0x0A {
                    starts.append(i + 1)
                } else if byte == 0x0D {
                    if i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
                    starts.append(i + 1)
                }
                i += 1
            }
        }
        made = starts
        return starts
    }
}

extension TokenSyntax {
    /// The identifier as the compiler sees it: backticks removed (`` `default` `` → `default`).
    var plainName: String { identifier?.name ?? text }
}
