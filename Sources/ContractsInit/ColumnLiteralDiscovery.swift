import ContractsCore
import ContractsTypeScriptSource
import Foundation

/// The literals the app's code writes to or compares with a column, by the column's name: the evidence that a
/// restricted column is shared when no Swift enum or TypeScript declaration names its values. A literal is seen
/// under `status: 'x'` (an object, a row dictionary, a labelled argument), `.eq('status', 'x')`, `.neq`, `.in`,
/// and `row.status === 'x'`. The table is not resolved: a literal only counts toward a column whose CHECK list or
/// ENUM type holds it, and the values registered are always the database's.
enum ColumnLiteralDiscovery {
    /// A column name's literals, each with where it was first seen, in the order found.
    struct Found {
        var values: [String] = []
        var locations: [String: SourceLocation] = [:]

        mutating func add(_ value: String, _ location: SourceLocation) {
            guard locations[value] == nil else { return }
            values.append(value)
            locations[value] = location
        }
    }

    /// `typeScript`: the project's TypeScript sources, lexed once by `init` for every discovery.
    static func literals(_ files: ProjectFiles, typeScript sources: [TSSource], columns: Set<String>) throws -> [String: Found] {
        var found: [String: Found] = [:]
        guard !columns.isEmpty else { return found }
        for source in sources {
            typeScript(source, columns) { column, value, index in found[column, default: Found()].add(value, source.location(of: index)) }
        }
        let pattern = try NSRegularExpression(pattern: #""?\b([a-z_][a-z0-9_]*)"?\s*:\s*"([^"\\\n]+)""#)
        for path in files.swiftSources {
            let text = try files.tree.readText(path)
            let lines = LineMap(text)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                guard let keyRange = Range(match.range(at: 1), in: text), let valueRange = Range(match.range(at: 2), in: text) else { continue }
                let key = String(text[keyRange])
                guard columns.contains(key) else { continue }
                let offset = text.utf8.distance(from: text.startIndex, to: valueRange.lowerBound) - 1
                found[key, default: Found()].add(String(text[valueRange]), lines.location(ofByte: offset, in: path))
            }
        }
        return found
    }

    /// `key: 'x'`, `.eq('key', 'x')` (and `.neq`, `.in('key', ['x', ...])`), `.key === 'x'` / `!==` / `==` / `!=`.
    private static func typeScript(_ source: TSSource, _ columns: Set<String>, _ add: (String, String, Int) -> Void) {
        let tokens = source.tokens
        func isKey(_ t: TSToken) -> Bool { (t.kind == .identifier || t.kind == .string) && columns.contains(t.value) }
        for i in tokens.indices where i + 2 < tokens.count {
            let t = tokens[i]
            if isKey(t), tokens[i + 1].isPunct(":"), tokens[i + 2].kind == .string {
                add(t.value, tokens[i + 2].value, i + 2)
            } else if t.kind == .identifier, ["eq", "neq", "in"].contains(t.text), i > 0, tokens[i - 1].isPunct("."),
                      tokens[i + 1].isPunct("("), i + 4 < tokens.count, tokens[i + 2].kind == .string,
                      columns.contains(tokens[i + 2].value), tokens[i + 3].isPunct(",") {
                var j = i + 4
                if tokens[j].isPunct("[") {
                    j += 1
                    while j < tokens.count, tokens[j].kind == .string {
                        add(tokens[i + 2].value, tokens[j].value, j)
                        guard j + 1 < tokens.count, tokens[j + 1].isPunct(",") else { break }
                        j += 2
                    }
                } else if tokens[j].kind == .string {
                    add(tokens[i + 2].value, tokens[j].value, j)
                }
            } else if t.kind == .identifier, columns.contains(t.text), i > 0, tokens[i - 1].isPunct(".") || tokens[i - 1].isPunct("?."),
                      ["===", "!==", "==", "!="].contains(tokens[i + 1].text), tokens[i + 2].kind == .string {
                add(t.text, tokens[i + 2].value, i + 2)
            }
        }
    }
}
