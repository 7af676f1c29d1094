/// One mechanical edit that resolves a finding (`check --fix`): the bytes `start..<end` of `file` replaced by
/// `replacement`. Rules attach it where the registry alone says what the text must be: a missing enum case,
/// const entry or union member, an attribute's returned literal, a misspelt literal with one registered value
/// within the "did you mean" distance. Offsets are UTF-8 bytes of the file as the rule read it.
///
/// A line break in `replacement` is written `\n`; the fixer writes it in the file's own line ending, so a rule
/// never needs to know whether the file uses CRLF.
public struct FixEdit: Hashable, Sendable, Codable {
    /// Relative to the registry's folder, as `SourceLocation.file`.
    public var file: String
    /// First byte replaced.
    public var start: Int
    /// Byte just past the last one replaced (`start` for an insertion).
    public var end: Int
    public var replacement: String

    public init(file: String, start: Int, end: Int, replacement: String) {
        self.file = file
        self.start = start
        self.end = end
        self.replacement = replacement
    }

    /// `text` inserted at byte `offset`.
    public static func insertion(file: String, at offset: Int, _ text: String) -> FixEdit {
        FixEdit(file: file, start: offset, end: offset, replacement: text)
    }

    /// `value` as a string literal between `quote`s, or nil when it holds the quote, a backslash or a control
    /// character: such a value needs escapes the fixer does not guess, so the finding stays for a person.
    public static func quoted(_ value: String, quote: Character) -> String? {
        guard !value.unicodeScalars.contains(where: { $0 == "\\" || Character($0) == quote || $0.properties.generalCategory == .control })
        else { return nil }
        return "\(quote)\(value)\(quote)"
    }

    /// The line around byte `offset` of `text`: its leading spaces and tabs (a new line is indented like it), and
    /// whether only those precede `offset` (the construct at `offset` starts its line).
    public static func indentation(at offset: Int, in text: String) -> (indent: String, startsLine: Bool) {
        let before = linePrefix(at: offset, in: text)
        let indent = before.prefix { $0 == " " || $0 == "\t" }
        return (String(indent), indent.count == before.count)
    }

    /// What precedes byte `offset` of `text` on its line.
    public static func linePrefix(at offset: Int, in text: String) -> String {
        let bytes = text.utf8.prefix(offset)
        let lineStart = (bytes.lastIndex { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }).map { bytes.index(after: $0) } ?? bytes.startIndex
        return String(decoding: bytes[lineStart...], as: UTF8.self)
    }
}
