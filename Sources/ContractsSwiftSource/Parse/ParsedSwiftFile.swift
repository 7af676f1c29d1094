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
    /// The source text, for `mentions`.
    private let text: String
    /// Made on the first location asked for (a walk over every token): most files report none.
    private let converter: LazyConverter

    /// Parses `text`. A reader whose findings need a name the text does not hold (`userInfo`, `AnyHashable`,
    /// `Codable`, `Encodable`) is not run: it would find nothing (see `SourceMentions`).
    init(path: String, text: String) {
        self.path = path
        self.text = text
        syntax = Parser.parse(source: text)
        let mentions = SourceMentions(text)
        (types, declaredTypes) = DeclaredTypes.read(syntax, mentions: mentions)
        pushReads = mentions.userInfo || mentions.anyHashable ? PushPayloadReads(syntax) : .none
        converter = LazyConverter(path: path, syntax: syntax)
    }

    /// Whether the text holds `word` anywhere (code, strings or comments): a reader that needs an identifier
    /// or a string's content to be `word` has nothing to find without it. (A string literal can spell a word
    /// with escapes, `\u{…}`, or split it over a `\` line end in a multi-line literal: such texts count as
    /// mentioning every word.)
    func mentions(_ word: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            let raw = UnsafeRawBufferPointer(bytes)
            return ByteNeedles.occurs(Array(word.utf8), in: raw) || ByteNeedles.occurs(Self.unicodeEscape, in: raw)
                || ByteNeedles.occurs(Self.multiLineQuote, in: raw)
        }
    }

    private static let unicodeEscape = Array("\\u{".utf8)
    private static let multiLineQuote = Array("\"\"\"".utf8)

    /// Where a node starts, after its leading trivia (comments, indentation).
    func location(of node: some SyntaxProtocol) -> ContractsCore.SourceLocation {
        let loc = node.startLocation(converter: converter.converter)
        return ContractsCore.SourceLocation(file: path, line: loc.line, column: loc.column)
    }
}

/// Which names some readers need a file's text holds: a reader whose every finding starts at such a name
/// (a push payload is a `userInfo` or an `[AnyHashable: Any]`; a row type is `Encodable` or `Codable`) has
/// nothing to find in a file without it. Identifiers are plain in the text (Swift has no escapes in them).
struct SourceMentions {
    let userInfo: Bool
    let anyHashable: Bool
    let codable: Bool

    init(_ text: String) {
        var text = text
        (userInfo, anyHashable, codable) = text.withUTF8 { bytes in
            let raw = UnsafeRawBufferPointer(bytes)
            return (ByteNeedles.occurs(Self.userInfoBytes, in: raw), ByteNeedles.occurs(Self.anyHashableBytes, in: raw),
                    ByteNeedles.occurs(Self.codableBytes, in: raw) || ByteNeedles.occurs(Self.encodableBytes, in: raw))
        }
    }

    private static let userInfoBytes = Array("userInfo".utf8)
    private static let anyHashableBytes = Array("AnyHashable".utf8)
    private static let codableBytes = Array("Codable".utf8)
    private static let encodableBytes = Array("Encodable".utf8)
}

/// A file's `SourceLocationConverter`, made once, on first use, by whichever thread asks first.
private final class LazyConverter: @unchecked Sendable {
    private let path: String
    private let syntax: SourceFileSyntax
    private let lock = NSLock()
    private var made: SourceLocationConverter?

    init(path: String, syntax: SourceFileSyntax) {
        self.path = path
        self.syntax = syntax
    }

    var converter: SourceLocationConverter {
        lock.lock()
        defer { lock.unlock() }
        if let made { return made }
        let converter = SourceLocationConverter(fileName: path, tree: syntax)
        made = converter
        return converter
    }
}

extension TokenSyntax {
    /// The identifier as the compiler sees it: backticks removed (`` `default` `` → `default`).
    var plainName: String { identifier?.name ?? text }
}
