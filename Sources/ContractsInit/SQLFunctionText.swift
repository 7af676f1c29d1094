import Foundation

/// Just enough of SQL text to see which parameter a function inserts where: `CREATE FUNCTION name(params)`,
/// its body up to the next `CREATE`, the inserts in it, and the calls it makes.
enum SQLFunctionText {
    struct Function {
        var name: String
        /// Parameter names, lowercased, in order.
        var parameters: [String]
        var body: String
        var line: Int
    }

    struct Insert {
        var table: String
        var columns: [String]
        var values: [String]
    }

    static func functions(in text: String) -> [Function] {
        guard let header = try? NSRegularExpression(pattern: #"(?i)create\s+(?:or\s+replace\s+)?function\s+([\w."]+)\s*\("#) else { return [] }
        let ns = text as NSString
        let matches = header.matches(in: text, range: NSRange(location: 0, length: ns.length))
        return matches.enumerated().compactMap { index, match in
            let open = match.range.location + match.range.length - 1
            guard let close = closing(ns, from: open) else { return nil }
            let parameters = splitTopLevel(ns.substring(with: NSRange(location: open + 1, length: close - open - 1))).compactMap { p -> String? in
                let words = p.split(whereSeparator: \.isWhitespace).map { $0.lowercased() }
                let named = ["in", "out", "inout", "variadic"].contains(words.first ?? "") ? words.dropFirst() : words[...]
                return named.count >= 2 ? named.first : nil
            }
            let end = index + 1 < matches.count ? matches[index + 1].range.location : ns.length
            let body = ns.substring(with: NSRange(location: close, length: end - close))
            let line = ns.substring(to: match.range.location).filter { $0 == "\n" }.count + 1
            return Function(name: ns.substring(with: match.range(at: 1)).replacingOccurrences(of: "\"", with: ""),
                            parameters: parameters, body: body, line: line)
        }
    }

    /// `INSERT INTO table (columns) VALUES (values)` and `INSERT INTO table (columns) SELECT values FROM ...`.
    static func inserts(in body: String) -> [Insert] {
        guard let pattern = try? NSRegularExpression(pattern: #"(?i)insert\s+into\s+([\w."]+)\s*\(([^)]*)\)\s*(values\s*\(|select\b)"#) else { return [] }
        let ns = body as NSString
        return pattern.matches(in: body, range: NSRange(location: 0, length: ns.length)).compactMap { match in
            let list: String
            if ns.substring(with: match.range(at: 3)).lowercased().hasPrefix("values") {
                let open = match.range.location + match.range.length - 1
                guard let close = closing(ns, from: open) else { return nil }
                list = ns.substring(with: NSRange(location: open + 1, length: close - open - 1))
            } else {
                list = selectList(ns.substring(from: match.range.location + match.range.length))
            }
            let columns = ns.substring(with: match.range(at: 2)).split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() }
            return Insert(table: ns.substring(with: match.range(at: 1)).replacingOccurrences(of: "\"", with: ""), columns: columns,
                          values: splitTopLevel(list).map { $0.lowercased() })
        }
    }

    /// The argument lists (lowercased) of each call of `name` in `body`, under any schema.
    static func calls(of name: String, in body: String) -> [[String]] {
        let escaped = NSRegularExpression.escapedPattern(for: name)
        guard let pattern = try? NSRegularExpression(pattern: #"(?i)(?<![\w])(?:"?\w+"?\.)?"?"# + escaped + #""?\s*\("#) else { return [] }
        let ns = body as NSString
        return pattern.matches(in: body, range: NSRange(location: 0, length: ns.length)).compactMap { match in
            let open = match.range.location + match.range.length - 1
            guard let close = closing(ns, from: open) else { return nil }
            return splitTopLevel(ns.substring(with: NSRange(location: open + 1, length: close - open - 1))).map { $0.lowercased() }
        }
    }

    /// `p_type::text` → `p_type`.
    static func uncast(_ value: String) -> String {
        value.components(separatedBy: "::").first?.trimmingCharacters(in: .whitespaces) ?? value
    }

    /// A `SELECT` list: up to its `FROM`, `WHERE`, `RETURNING`, `ON CONFLICT` or `;` outside parentheses.
    private static func selectList(_ text: String) -> String {
        var depth = 0, out = ""
        var rest = Substring(text)
        while let c = rest.first {
            if c == "(" { depth += 1 } else if c == ")" { depth -= 1 }
            if depth < 0 || (depth == 0 && c == ";") { break }
            if depth == 0, c.isWhitespace || out.isEmpty {
                let next = rest.drop { $0.isWhitespace }.prefix(12).lowercased()
                if ["from", "where", "returning", "on conflict", "union"].contains(where: { next.hasPrefix($0 + " ") || next.hasPrefix($0 + "\n") }) {
                    break
                }
            }
            out.append(c)
            rest = rest.dropFirst()
        }
        return out
    }

    /// The index of the parenthesis closing the one at `open`.
    private static func closing(_ text: NSString, from open: Int) -> Int? {
        var depth = 0, i = open
        while i < text.length {
            let c = text.character(at: i)
            if c == 40 { depth += 1 } else if c == 41 { depth -= 1; if depth == 0 { return i } }
            i += 1
        }
        return nil
    }

    /// Comma-separated items outside parentheses, trimmed.
    static func splitTopLevel(_ text: String) -> [String] {
        var items: [String] = [], current = "", depth = 0
        for c in text {
            if c == "(" { depth += 1 } else if c == ")" { depth -= 1 }
            if c == ",", depth == 0 { items.append(current); current = ""; continue }
            current.append(c)
        }
        items.append(current)
        return items.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    }
}
