import Foundation

/// A NUL byte in a source file. Each consumer reads one differently: PostgreSQL's query strings end at
/// the first NUL (so libpg_query and psql never see what follows), TypeScript rejects it as an invalid
/// character, swiftc skips it with a warning, and editors and diff tools may hide what follows. So a NUL is
/// reported where it is, never silently read past or stopped at.
public enum NulByte {
    /// The location of the first NUL in `bytes`, or nil when there is none.
    public static func firstLocation<Bytes: Collection>(in bytes: Bytes, file: String) -> SourceLocation?
    where Bytes.Element == UInt8 {
        var line = 1, column = 1
        for byte in bytes {
            if byte == 0 { return SourceLocation(file: file, line: line, column: column) }
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return nil
    }

    /// `source-nul-byte` for a Swift or TypeScript source, at its first NUL (none when it has none).
    public static func findings(in bytes: Data, file: String, language: String) -> [Finding] {
        // A byte search (memchr): `Data.contains` steps an iterator byte by byte, a large share of a cold run.
        guard bytes.withUnsafeBytes({ $0.baseAddress.map { memchr($0, 0, bytes.count) != nil } ?? false }),
              let location = firstLocation(in: bytes, file: file) else { return [] }
        return [Finding(.sourceNulByte,
                        "This \(language) file contains a NUL byte: compilers, editors and this tool do not agree on what follows it",
                        at: location, fix: "remove the NUL byte (a stray binary paste or a broken encoding)",
                        subject: .file(path: file))]
    }
}

/// One Swift or TypeScript source as read, before any parsing: what `source-nul-byte` looks at.
public struct SourceBytes {
    public let bytes: Data
    public let file: String
    /// `Swift` or `TypeScript`, for the message.
    public let language: String

    public init(_ bytes: Data, file: String, language: String) {
        self.bytes = bytes
        self.file = file
        self.language = language
    }
}

extension NulByte: DriftRule {
    public static let rule = Rule.sourceNulByte
    public static func findings(_ source: SourceBytes) -> [Finding] {
        findings(in: source.bytes, file: source.file, language: source.language)
    }

    public static let triggeringExamples = [
        RuleExample(["App/Inbox.swift": "let title = \"Inbox\"\nlet x = 1 ↓\u{0}\n"]),
        RuleExample(["supabase/functions/f/index.ts": "export const a = 1;\n↓\u{0}export const b = 2;\n"]),
    ]
    public static let nonTriggeringExamples = [
        // The escape sequence is text, not the byte.
        RuleExample(["App/Inbox.swift": "let terminator = \"\\0\"\n",
                     "supabase/functions/f/index.ts": "export const terminator = '\\0';\n"]),
    ]
}
