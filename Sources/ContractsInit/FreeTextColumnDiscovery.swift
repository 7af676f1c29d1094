import ContractsCore
import Foundation

/// The type column when no CHECK constraint or ENUM type restricts one: of the columns SQL inserts into a
/// `*notification*` table, the one most written or compared with string literals (`NEW.kind := 'x'`,
/// `kind = 'x'`, a literal at its place in `INSERT ... VALUES/SELECT`). Also reads its `DEFAULT` literal (the
/// fallback) and the values data migrations rewrite to others (`UPDATE ... SET kind = 'new' WHERE kind = 'old'`,
/// `SET kind = CASE kind WHEN 'old' THEN 'new'`): retired.
enum FreeTextColumnDiscovery {
    struct Found: Equatable {
        var schema: String
        var table: String
        var column: String
        var defaultValue: String?
        var retired: [String]
        var location: SourceLocation
    }

    /// `pinned`: the column `--table/--column` named (only its default and retired values are read).
    static func column(_ files: ProjectFiles, migrations: [String], pinned: InitDraft.Column? = nil) throws -> Found? {
        let texts = try migrations.map { ($0, try files.tree.readText($0)) }
        if let pinned {
            return details(texts, (pinned.schema, pinned.table, pinned.column, SourceLocation(file: "", line: 1, column: 1)))
        }
        var candidates: [String: (schema: String, table: String, column: String, location: SourceLocation)] = [:]
        let insert = regex(#"(?i)insert\s+into\s+([\w."]+)\s*\(([^)]*)\)"#)
        for (path, text) in texts {
            for match in matches(insert, text) {
                let parts = match[1].replacingOccurrences(of: "\"", with: "").lowercased().split(separator: ".").map(String.init)
                guard let table = parts.last, table.contains("notification") else { continue }
                for column in match[2].split(separator: ",").map({ $0.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() }) {
                    let key = table + "." + column
                    if candidates[key] == nil {
                        candidates[key] = (parts.count > 1 ? parts[0] : "public", table, column, location(path, text, match[0]))
                    }
                }
            }
        }
        let scored = candidates.values.map { c -> (Int, String, (schema: String, table: String, column: String, location: SourceLocation)) in
            let column = NSRegularExpression.escapedPattern(for: c.column)
            let uses = regex(#"(?i)(?<![\w.])(?:new\.|old\.|\w+\.)?"# + column + #"\b\)?(?:::text)?\s*(?::=|=|<>|!=|is\s+(?:not\s+)?distinct\s+from)\s*'"#)
            let count = texts.reduce(0) { $0 + uses.numberOfMatches(in: $1.1, range: NSRange($1.1.startIndex..., in: $1.1)) }
            return (count, c.table + "." + c.column, c)
        }.filter { $0.0 > 0 }
        guard let best = scored.max(by: { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 > $1.1 })?.2 else { return nil }
        return details(texts, best)
    }

    private static func details(_ texts: [(String, String)],
                                _ best: (schema: String, table: String, column: String, location: SourceLocation)) -> Found {
        let column = NSRegularExpression.escapedPattern(for: best.column)
        var defaultValue: String?, retired: [String] = []
        let defaults = regex(#"(?i)\b"# + column + #"\s+(?:text|varchar|character varying)[^,\n]*?default\s+'([^']+)'"#)
        let updates = regex(#"(?is)update\s+[\w."]+\s+set\s+"# + column + #"\s*=\s*'([^']+)'\s+where\s+"# + column + #"\s*=\s*'([^']+)'"#)
        let cases = regex(#"(?i)set\s+"# + column + #"\s*=\s*case\s+"# + column + #"\s+when\s+'([^']+)'\s+then\s+'([^']+)'"#)
        for (_, text) in texts {
            if defaultValue == nil { defaultValue = matches(defaults, text).first?[1] }
            for m in matches(updates, text) where m[1] != m[2] && !retired.contains(m[2]) { retired.append(m[2]) }
            for m in matches(cases, text) where m[1] != m[2] && !retired.contains(m[1]) { retired.append(m[1]) }
        }
        return Found(schema: best.schema, table: best.table, column: best.column, defaultValue: defaultValue,
                     retired: retired.sorted(), location: best.location)
    }

    private static func regex(_ pattern: String) -> NSRegularExpression {
        // The patterns are literals of this file: a bad one is a programming error.
        try! NSRegularExpression(pattern: pattern)
    }

    /// Each match's groups as strings (`[0]` the whole match).
    private static func matches(_ regex: NSRegularExpression, _ text: String) -> [[String]] {
        regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { m in
            (0..<m.numberOfRanges).map { i in Range(m.range(at: i), in: text).map { String(text[$0]) } ?? "" }
        }
    }

    private static func location(_ path: String, _ text: String, _ match: String) -> SourceLocation {
        let prefix = text.range(of: match).map { text[..<$0.lowerBound] } ?? ""
        return SourceLocation(file: path, line: prefix.filter { $0 == "\n" }.count + 1, column: 1)
    }
}
