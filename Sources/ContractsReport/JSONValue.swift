import ContractsCore

/// A JSON document built in memory and rendered byte-for-byte the same on every platform.
///
/// Foundation's `JSONSerialization` pretty-prints differently on Linux and macOS (spacing, `\/`), and the
/// JSON and SARIF reports and the baseline file are compared as text by tests and by reviewers in diffs,
/// so they are rendered here: keys sorted, two-space indentation, `"key": value`, a final newline.
public indirect enum JSONValue: Equatable, Sendable {
    case string(String)
    case int(Int)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([String: JSONValue])

    /// The document as pretty-printed text with sorted keys, ending with a newline.
    public func rendered() -> String {
        var out = ""
        write(to: &out, indent: 0)
        out += "\n"
        return out
    }

    private func write(to out: inout String, indent: Int) {
        switch self {
        case .string(let s): out += JSONValue.quoted(s)
        case .int(let n): out += String(n)
        case .bool(let b): out += b ? "true" : "false"
        case .null: out += "null"
        case .array(let items):
            guard !items.isEmpty else { out += "[]"; return }
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += String(repeating: "  ", count: indent + 1)
                item.write(to: &out, indent: indent + 1)
                out += i == items.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: "  ", count: indent) + "]"
        case .object(let members):
            guard !members.isEmpty else { out += "{}"; return }
            out += "{\n"
            let keys = members.keys.sorted()
            for (i, key) in keys.enumerated() {
                out += String(repeating: "  ", count: indent + 1) + JSONValue.quoted(key) + ": "
                members[key]!.write(to: &out, indent: indent + 1)
                out += i == keys.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: "  ", count: indent) + "}"
        }
    }

    /// A JSON string literal (RFC 8259).
    static func quoted(_ s: String) -> String { JSONStringLiteral.quoted(s) }
}

extension JSONValue {
    /// `{"file", "line", "column"}` for a location, the shape every report uses.
    static func location(_ loc: SourceLocation) -> JSONValue {
        .object(["file": .string(loc.file), "line": .int(loc.line), "column": .int(loc.column)])
    }

    /// A string, or `null` when absent.
    static func optional(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }
}
