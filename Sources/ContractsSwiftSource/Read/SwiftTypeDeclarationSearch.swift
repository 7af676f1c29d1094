import ContractsCore
import Foundation
import SwiftParser
import SwiftSyntax

/// Finds where Swift declares types of given names: the app's own declarations of the types `generate` writes.
///
/// A file is parsed only when its bytes may declare one of the names (`mayDeclare`): the name follows a
/// declaration keyword, or something the byte test cannot see past (a comment). Almost every file of an app
/// mentions `NotificationType`; only the one that declares it is parsed.
public enum SwiftTypeDeclarationSearch {
    /// The declarations of `names` (qualified: `Expense.Category`) in one hand-written file's bytes. A file that
    /// starts with the generated header (`isGenerated`) is not hand-written, wherever it is; one nested too deeply
    /// to parse is `swift-source-too-deep`'s.
    public static func handWritten(_ names: Set<String>, path: String, bytes: Data,
                                   isGenerated: (String) -> Bool) -> [SwiftTypeDeclaration] {
        let simple = Set(names.compactMap { $0.split(separator: ".").last.map(String.init) }).sorted().map { Array($0.utf8) }
        guard bytes.withUnsafeBytes({ buffer in simple.contains { mayDeclare($0, in: buffer) } }),
              SwiftTrees.refusal(path, bytes: bytes) == nil,
              !isGenerated(String(decoding: bytes, as: UTF8.self)),
              let file = SwiftTrees.file(path, bytes: bytes) else { return [] }
        return TypeDeclarationReader(names: names, withExtensions: false).declarations(in: file.syntax) { file.location(of: $0) }
    }

    /// The declarations of `names` in one text (a generated file's). `withExtensions`: the same file's extensions
    /// of a found type add their members and conformances.
    public static func declarations(of names: Set<String>, path: String, text: String,
                                    withExtensions: Bool = true) -> [SwiftTypeDeclaration] {
        let syntax = Parser.parse(source: text)
        let converter = SourceLocationConverter(fileName: path, tree: syntax)
        return TypeDeclarationReader(names: names, withExtensions: withExtensions).declarations(in: syntax) { node in
            let at = node.positionAfterSkippingLeadingTrivia
            let loc = converter.location(for: at)
            return ContractsCore.SourceLocation(file: path, line: loc.line, column: loc.column)
        }
    }

    /// Whether `name` occurs in `bytes` as a whole word after a declaration keyword (`enum`, `struct`, `class`,
    /// `actor`, `protocol`, `typealias`), spaces and a backtick between; or after a comment, which this test does
    /// not read (`enum /* old */ Name`, a `//` line before it): such a file is parsed to be sure.
    static func mayDeclare(_ name: [UInt8], in bytes: UnsafeRawBufferPointer) -> Bool {
        guard !name.isEmpty, name.count <= bytes.count else { return false }
        var start = 0
        while start + name.count <= bytes.count {
            guard let hit = ByteNeedles.offset(of: name, in: bytes, from: start) else { return false }
            start = hit + 1
            let end = hit + name.count
            if end < bytes.count, isIdentifierByte(bytes[end]) { continue }
            var at = hit
            if at > 0, bytes[at - 1] == UInt8(ascii: "`") { at -= 1 }
            if at > 0, isIdentifierByte(bytes[at - 1]) { continue }
            var crossedLine = false
            while at > 0, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[at - 1]) {
                if bytes[at - 1] == 0x0A { crossedLine = true }
                at -= 1
            }
            if at > 0, bytes[at - 1] == UInt8(ascii: "/") { return true }
            if crossedLine, lineHoldsComment(endingAt: at, in: bytes) { return true }
            var wordStart = at
            while wordStart > 0, isIdentifierByte(bytes[wordStart - 1]) { wordStart -= 1 }
            let word = Array(bytes[wordStart ..< at])
            if keywords.contains(word) { return true }
        }
        return false
    }

    private static let keywords: Set<[UInt8]> = Set(["enum", "struct", "class", "actor", "protocol", "typealias"].map { Array($0.utf8) })

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || byte >= 0x80 || (byte >= 0x30 && byte <= 0x39) || ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A)
    }

    /// Whether the line that ends at `end` holds `//` (a comment may stand between a keyword and the name).
    private static func lineHoldsComment(endingAt end: Int, in bytes: UnsafeRawBufferPointer) -> Bool {
        var at = end
        while at > 1, bytes[at - 1] != 0x0A {
            if bytes[at - 1] == UInt8(ascii: "/"), bytes[at - 2] == UInt8(ascii: "/") { return true }
            at -= 1
        }
        return false
    }
}
