import ContractsCore

/// The edits the TypeScript rules attach to their findings for `check --fix`, at the tokens' exact bytes, in the
/// file's own quotes and layout.
extension TSSource {
    /// The string literal at token `i` replaced by `value` in the same quotes (none when `value` needs escapes).
    func replacingLiteral(_ i: Int, with value: String) -> [FixEdit] {
        guard let t = token(i), t.kind == .string, let quote = t.text.first,
              let literal = FixEdit.quoted(value, quote: quote) else { return [] }
        return [FixEdit(file: path, start: t.start, end: t.end, replacement: literal)]
    }

    /// `value` quoted like the string literal at token `i`.
    func quotedLike(_ i: Int, _ value: String) -> String? {
        token(i).flatMap(\.text.first).flatMap { FixEdit.quoted(value, quote: $0) }
    }

    /// `entry` added after the last entry of a list or object, which spans tokens `first...last`: on a line of its
    /// own indented like that entry when it starts its line, else after `, ` on the same line; with a trailing comma
    /// when the last entry has one.
    func appendingEntry(_ entry: String, first: Int, last: Int) -> [FixEdit] {
        guard let end = token(last) else { return [] }
        let line = FixEdit.indentation(at: tokens[first].start, in: text)
        if let comma = token(last + 1), comma.isPunct(",") {
            let at = afterLineComment(comma.end)
            return [.insertion(file: path, at: at, (line.startsLine ? "\n" + line.indent : " ") + entry + ",")]
        }
        return [.insertion(file: path, at: end.end, line.startsLine ? ",\n" + line.indent + entry : ", " + entry)]
    }

    /// `literal` added to the union whose last member is token `last`: on a line of its own when each member
    /// starts its line with `|`, else ` | literal` after the last one.
    func appendingUnionMember(_ literal: String, last: Int) -> [FixEdit] {
        guard let member = token(last) else { return [] }
        let prefix = FixEdit.linePrefix(at: member.start, in: text)
        let leadingPipe = prefix.allSatisfy { $0 == " " || $0 == "\t" || $0 == "|" } && prefix.filter { $0 == "|" }.count == 1
        return [.insertion(file: path, at: member.end, leadingPipe ? "\n" + prefix + literal : " | " + literal)]
    }

    /// `offset`, or the end of a comment that follows it on the same line (the comment stays with its entry).
    private func afterLineComment(_ offset: Int) -> Int {
        guard let comment = comments.first(where: { $0.start >= offset }) else { return offset }
        let between = text.utf8.dropFirst(offset).prefix(comment.start - offset)
        return between.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) ? comment.end : offset
    }
}
