import ContractsCore
import Foundation

/// How a live function's body differs from its last definition in the migrations, as `db-function-drift` shows
/// it: a unified diff of the two bodies normalised the way a reader ignores layout (comments removed, each line's
/// runs of spaces and tabs as one space outside quotes, lines trimmed, blank lines dropped), so what is left is
/// what was changed in the dashboard, or what a migration that never ran would have changed. Line breaks are kept
/// (`pg_get_functiondef` returns a body as it was written, so a dashboard edit keeps the lines it did not touch):
/// a statement wrapped anew shows as changed lines.
///
/// The diff has two lines of context and at most `maximumLines` lines of hunks (then a line saying how many more),
/// each line at most `maximumLineLength` characters; control and bidirectional characters are shown escaped
/// (`HiddenScalars`), whatever format the finding is printed in.
enum FunctionBodyDiff {
    static let context = 2
    static let maximumLines = 30
    static let maximumLineLength = 160

    /// The diff of the body of `written` (a migration's `CREATE FUNCTION` text, in `path`) → `live`'s
    /// (`pg_get_functiondef`); nil when the normalised bodies are the same (the trees differ in what the text
    /// does not show, such as whitespace inside a string).
    static func render(written: String, live: String, path: String) -> String? {
        let old = normalised(body(of: written)), new = normalised(body(of: live))
        let diff = UnifiedDiff.render(old: old, new: new, oldLabel: "body in \(path) (normalised)",
                                      newLabel: "body in the live database (normalised)", context: context)
        guard !diff.isEmpty else { return nil }
        var lines = diff.split(separator: "\n").map { shortened(String($0)) }
        let header = 2
        if lines.count > header + maximumLines {
            let more = lines.count - header - maximumLines
            lines = Array(lines.prefix(header + maximumLines)) + ["… \(more) more line\(more == 1 ? "" : "s") of the diff"]
        }
        return lines.joined(separator: "\n")
    }

    /// The body string of a `CREATE FUNCTION` (what `AS` quotes); from `BEGIN ATOMIC` on for an SQL-standard
    /// body; the whole text when it does not parse as one.
    static func body(of definition: String) -> String {
        if case .success(let tree) = PgQuery.parse(definition),
           let (kind, node) = tree["stmts"]?.items.first?["stmt"]?.tagged, kind == "CreateFunctionStmt" {
            let options = node["options"]?.items.compactMap { $0.node("DefElem") } ?? []
            if let code = options.first(where: { $0["defname"]?.string == "as" })?["arg"]?.items.first?.stringValue {
                return code
            }
        }
        if let atomic = definition.range(of: #"\bbegin\s+atomic\b"#, options: [.regularExpression, .caseInsensitive]) {
            return String(definition[atomic.lowerBound...])
        }
        return definition
    }

    /// `body` as lines without comments, blank lines and layout: outside quotes, runs of spaces and tabs are one
    /// space and each line is trimmed; quoted strings, identifiers and dollar-quoted text are kept as written.
    static func normalised(_ body: String) -> [String] {
        let scalars = Array(body.unicodeScalars)
        var lines: [String] = [], line = "", i = 0
        func endLine() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if !trimmed.isEmpty { lines.append(trimmed) }
            line = ""
        }
        /// Copies `scalars[from..<to]`, a quoted run kept as written (its line breaks still end lines).
        func copy(_ from: Int, _ to: Int) {
            for scalar in scalars[from..<min(to, scalars.count)] {
                if scalar == "\n" { endLine() } else if scalar != "\r" { line.unicodeScalars.append(scalar) }
            }
        }
        while i < scalars.count {
            let c = scalars[i], next = i + 1 < scalars.count ? scalars[i + 1] : nil
            switch c {
            case "\n":
                endLine(); i += 1
            case " ", "\t", "\r", "\u{0B}", "\u{0C}":
                if !line.isEmpty, line.unicodeScalars.last != " " { line += " " }
                i += 1
            case "-" where next == "-":
                while i < scalars.count, scalars[i] != "\n" { i += 1 }
            case "/" where next == "*":
                var depth = 0
                while i < scalars.count {
                    if scalars[i] == "/", i + 1 < scalars.count, scalars[i + 1] == "*" { depth += 1; i += 2 }
                    else if scalars[i] == "*", i + 1 < scalars.count, scalars[i + 1] == "/" {
                        depth -= 1; i += 2
                        if depth == 0 { break }
                    } else { i += 1 }
                }
                if !line.isEmpty, line.unicodeScalars.last != " " { line += " " }
            case "'", "\"":
                let escapes = c == "'" && i > 0 && (scalars[i - 1] == "E" || scalars[i - 1] == "e")
                var j = i + 1
                while j < scalars.count {
                    if escapes, scalars[j] == "\\" { j += 2; continue }
                    if scalars[j] == c {
                        if j + 1 < scalars.count, scalars[j + 1] == c { j += 2; continue }
                        break
                    }
                    j += 1
                }
                copy(i, j + 1); i = j + 1
            case "$":
                if let tagEnd = dollarTagEnd(scalars, at: i) {
                    let tag = scalars[i...tagEnd]
                    var j = tagEnd + 1
                    while j < scalars.count, !scalars[j...].starts(with: tag) { j += 1 }
                    let end = min(j + tag.count, scalars.count)
                    copy(i, end); i = end
                } else {
                    line.unicodeScalars.append(c); i += 1
                }
            default:
                line.unicodeScalars.append(c); i += 1
            }
        }
        endLine()
        return lines.map { HiddenScalars.visible($0) }
    }

    /// The index of the closing `$` of a dollar-quote tag opening at `start` (`$$`, `$body$`), or nil (a
    /// positional parameter such as `$1`, or a lone `$`).
    private static func dollarTagEnd(_ scalars: [Unicode.Scalar], at start: Int) -> Int? {
        var j = start + 1
        while j < scalars.count {
            let s = scalars[j]
            if s == "$" { return j }
            let isLetter = s.properties.isAlphabetic || s == "_"
            guard isLetter || (j > start + 1 && ("0"..."9").contains(s)) else { return nil }
            j += 1
        }
        return nil
    }

    private static func shortened(_ line: String) -> String {
        line.count <= maximumLineLength ? line : String(line.prefix(maximumLineLength - 1)) + "…"
    }
}
