import ContractsCore
import ContractsTypeScriptSource
import Foundation

/// The string literals the code writes to or compares with a column, resolved by its table: in TypeScript and
/// Swift, a `.from("table")` chain's `column: "x"` / `"column": "x"` pairs and `.eq("column", "x")` (`.neq`, `.in`);
/// in SQL, `UPDATE table SET column = 'x'` and `INSERT INTO table (..., column, ...) VALUES (..., 'x', ...)`.
/// What a stack writes is registered, never retired; a free-text column's values are what the stacks write.
enum TableLiteralDiscovery {
    /// `table.column` (unqualified, lowercase) → literals in first-seen order, with where each was first seen.
    typealias Found = [String: [(value: String, at: SourceLocation)]]

    static func literals(_ files: ProjectFiles, typeScript: [TSSource], migrations: [String]) throws -> Found {
        var found: Found = [:]
        func add(_ table: String, _ column: String, _ value: String, _ at: SourceLocation) {
            let key = table.lowercased() + "." + column.lowercased()
            guard Identifiers.isWireValue(value), !(found[key]?.contains { $0.value == value } ?? false) else { return }
            found[key, default: []].append((value, at))
        }
        for source in typeScript { typeScriptChains(source, add) }
        for path in files.swiftSources { swiftChains(path, try files.tree.readText(path), add) }
        for path in migrations { sql(path, try files.tree.readText(path), add) }
        return found
    }

    private static func typeScriptChains(_ source: TSSource, _ add: (String, String, String, SourceLocation) -> Void) {
        let tokens = source.tokens
        for i in tokens.indices where i > 0 && i + 3 < tokens.count && tokens[i].isWord("from") && tokens[i - 1].isPunct(".")
            && tokens[i + 1].isPunct("(") && tokens[i + 2].kind == .string && tokens[i + 3].isPunct(")") {
            let table = tokens[i + 2].value.split(separator: ".").last.map(String.init) ?? tokens[i + 2].value
            var j = i + 4
            while j + 2 < tokens.count, j - i < 400, !tokens[j].isPunct(";") {
                if j + 1 < tokens.count, tokens[j].isWord("from"), tokens[j - 1].isPunct("."), tokens[j + 1].isPunct("(") { break }
                let t = tokens[j]
                if t.kind == .identifier || t.kind == .string, tokens[j + 1].isPunct(":"), tokens[j + 2].kind == .string,
                   tokens[j - 1].isPunct("{") || tokens[j - 1].isPunct(",") {
                    add(table, t.kind == .string ? t.value : t.text, tokens[j + 2].value, source.location(of: j + 2))
                } else if ["eq", "neq", "in"].contains(t.text), tokens[j - 1].isPunct("."), tokens[j + 1].isPunct("("),
                          j + 4 < tokens.count, tokens[j + 2].kind == .string, tokens[j + 3].isPunct(",") {
                    var k = j + 4
                    if tokens[k].isPunct("[") { k += 1 }
                    while k < tokens.count, tokens[k].kind == .string {
                        add(table, tokens[j + 2].value, tokens[k].value, source.location(of: k))
                        guard k + 2 < tokens.count, tokens[k + 1].isPunct(",") else { break }
                        k += 2
                    }
                }
                j += 1
            }
        }
    }

    private static func swiftChains(_ path: String, _ text: String, _ add: (String, String, String, SourceLocation) -> Void) {
        let ns = text as NSString
        guard let from = try? NSRegularExpression(pattern: #"\.from\(\s*"([\w.]+)"\s*\)"#),
              let pair = try? NSRegularExpression(pattern: #""(\w+)"\s*:\s*"([^"\\\n]+)""#),
              let eq = try? NSRegularExpression(pattern: #"\.(?:eq|neq)\(\s*"(\w+)"\s*,\s*(?:value:\s*)?"([^"\\\n]+)""#) else { return }
        let chains = from.matches(in: text, range: NSRange(location: 0, length: ns.length))
        for (index, chain) in chains.enumerated() {
            let start = chain.range.location + chain.range.length
            var end = index + 1 < chains.count ? chains[index + 1].range.location : ns.length
            let tail = ns.substring(with: NSRange(location: start, length: end - start)) as NSString
            let stop = tail.range(of: "execute()")
            if stop.location != NSNotFound { end = start + stop.location }
            let range = NSRange(location: start, length: min(end - start, 800))
            let table = ns.substring(with: chain.range(at: 1)).split(separator: ".").last.map(String.init) ?? ""
            for regex in [pair, eq] {
                for m in regex.matches(in: text, range: range) {
                    add(table, ns.substring(with: m.range(at: 1)), ns.substring(with: m.range(at: 2)), TextOffsets.location(ns, path, m.range(at: 2).location))
                }
            }
        }
    }

    private static func sql(_ path: String, _ text: String, _ add: (String, String, String, SourceLocation) -> Void) {
        let ns = text as NSString
        guard let update = try? NSRegularExpression(pattern: #"(?is)\bupdate\s+(?:only\s+)?(?:\w+\.)?"?(\w+)"?\s+set\s+(.*?)(?:\bwhere\b|\breturning\b|;|\$\$)"#),
              let assignment = try? NSRegularExpression(pattern: #"(?i)(?:^|,)\s*"?(\w+)"?\s*=\s*'([^']+)'"#),
              let insert = try? NSRegularExpression(pattern: #"(?is)\binsert\s+into\s+(?:\w+\.)?"?(\w+)"?\s*\(([^)]*)\)\s*values\s*\(([^)]*)\)"#)
        else { return }
        for m in update.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
            let table = ns.substring(with: m.range(at: 1))
            let set = ns.substring(with: m.range(at: 2))
            for a in assignment.matches(in: set, range: NSRange(location: 0, length: (set as NSString).length)) {
                let s = set as NSString
                add(table, s.substring(with: a.range(at: 1)), s.substring(with: a.range(at: 2)), TextOffsets.location(ns, path, m.range(at: 2).location))
            }
        }
        for m in insert.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
            let table = ns.substring(with: m.range(at: 1))
            let columns = ns.substring(with: m.range(at: 2)).split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: "\"", with: "") }
            let values = SQLFunctionText.splitTopLevel(ns.substring(with: m.range(at: 3))).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            guard columns.count == values.count else { continue }
            for (column, value) in zip(columns, values) where value.count >= 2 && value.hasPrefix("'") && value.hasSuffix("'") {
                let raw = String(value.dropFirst().dropLast())
                guard !raw.contains("'") else { continue }
                add(table, column, raw, TextOffsets.location(ns, path, m.range(at: 3).location))
            }
        }
    }
}
