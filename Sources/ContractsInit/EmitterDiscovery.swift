import ContractsCore
import Foundation

/// A function whose argument carries a notification type, as `emitters:` declares it.
struct EmitterDraft: Sendable, Equatable {
    var function: String
    /// 1-based position (SQL, TypeScript).
    var argument: Int?
    /// Argument label (Swift).
    var label: String?
    var location: SourceLocation
}

/// Finds emitters: SQL functions that insert one of their parameters into the type column, and TypeScript and
/// Swift functions named for sending notifications (`sendPush`, `sendNotification`, `notifyUser`) with a
/// `string`/`String` parameter named like the type key (`type`, `kind`). A `kind:` parameter of a function
/// named otherwise (`play(kind:)`) is not one.
enum EmitterDiscovery {
    static func sql(_ files: ProjectFiles, migrations: [String], column: InitDraft.Column?) throws -> [EmitterDraft] {
        guard let column else { return [] }
        var byName: [String: EmitterDraft] = [:]
        for path in migrations {
            let text = try files.tree.readText(path)
            for function in SQLFunctionText.functions(in: text) {
                for insert in SQLFunctionText.inserts(in: function.body)
                    where insert.table.lowercased().split(separator: ".").last.map(String.init) == column.table {
                    guard let index = insert.columns.firstIndex(of: column.column), index < insert.values.count,
                          let parameter = function.parameters.firstIndex(of: insert.values[index]) else { continue }
                    let key = function.name.lowercased().split(separator: ".").last.map(String.init) ?? function.name
                    byName[key] = EmitterDraft(function: function.name, argument: parameter + 1, label: nil,
                                               location: SourceLocation(file: path, line: function.line, column: 1))
                }
            }
        }
        return byName.values.sorted { $0.function < $1.function }
    }

    static func typeScript(_ files: ProjectFiles, typeKeys: Set<String>) throws -> [EmitterDraft] {
        var out: [EmitterDraft] = []
        let pattern = try NSRegularExpression(pattern: #"function\s+([A-Za-z_$][\w$]*)\s*\(([^)]*)\)"#)
        for path in files.typeScriptSources {
            let text = try files.tree.readText(path)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let name = substring(text, match.range(at: 1)), list = substring(text, match.range(at: 2))
                guard namedForSending(name) else { continue }
                let parameters = list.split(separator: ",").map { $0.split(separator: ":").map { $0.trimmingCharacters(in: .whitespaces) } }
                guard let index = parameters.firstIndex(where: { $0.count == 2 && typeKeys.contains($0[0]) && $0[1] == "string" }),
                      !out.contains(where: { $0.function == name }) else { continue }
                out.append(EmitterDraft(function: name, argument: index + 1, label: nil, location: location(path, text, match.range)))
            }
        }
        return out
    }

    static func swift(_ files: ProjectFiles, typeKeys: Set<String>) throws -> [EmitterDraft] {
        var out: [EmitterDraft] = []
        let pattern = try NSRegularExpression(pattern: #"func\s+([A-Za-z_]\w*)\s*\(([^)]*)\)"#)
        for path in files.swiftSources {
            let text = try files.tree.readText(path)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let name = substring(text, match.range(at: 1)), list = substring(text, match.range(at: 2))
                guard namedForSending(name) else { continue }
                for parameter in list.split(separator: ",") {
                    let parts = parameter.split(separator: ":", maxSplits: 1)
                    guard parts.count == 2, parts[1].trimmingCharacters(in: .whitespaces).hasPrefix("String"),
                          !parts[1].contains("["), let label = parts[0].split(separator: " ").first.map(String.init),
                          typeKeys.contains(label), !out.contains(where: { $0.function == name }) else { continue }
                    out.append(EmitterDraft(function: name, argument: nil, label: label, location: location(path, text, match.range)))
                }
            }
        }
        return out
    }

    /// `sendPush`, `sendNotification`, `notifyUser`, `pushToFamily`.
    static func namedForSending(_ name: String) -> Bool {
        let lower = name.lowercased()
        return lower.contains("notif") || lower.contains("push") || lower.hasPrefix("send")
    }

    private static func substring(_ text: String, _ range: NSRange) -> String {
        Range(range, in: text).map { String(text[$0]) } ?? ""
    }

    private static func location(_ path: String, _ text: String, _ range: NSRange) -> SourceLocation {
        let prefix = Range(range, in: text).map { text[..<$0.lowerBound] } ?? ""
        return SourceLocation(file: path, line: prefix.filter { $0 == "\n" }.count + 1, column: 1)
    }
}

/// Just enough of SQL text to see which parameter a function inserts where: `CREATE FUNCTION name(params)`,
/// its body up to the next `CREATE`, and `INSERT INTO table (columns) VALUES (values)` in it.
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

    static func inserts(in body: String) -> [Insert] {
        guard let pattern = try? NSRegularExpression(pattern: #"(?i)insert\s+into\s+([\w."]+)\s*\(([^)]*)\)\s*values\s*\("#) else { return [] }
        let ns = body as NSString
        return pattern.matches(in: body, range: NSRange(location: 0, length: ns.length)).compactMap { match in
            let open = match.range.location + match.range.length - 1
            guard let close = closing(ns, from: open) else { return nil }
            let columns = ns.substring(with: match.range(at: 2)).split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() }
            let values = splitTopLevel(ns.substring(with: NSRange(location: open + 1, length: close - open - 1))).map { $0.lowercased() }
            return Insert(table: ns.substring(with: match.range(at: 1)).replacingOccurrences(of: "\"", with: ""), columns: columns, values: values)
        }
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
    private static func splitTopLevel(_ text: String) -> [String] {
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
