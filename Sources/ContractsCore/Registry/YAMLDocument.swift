import Yams

/// Stage 1: registry text → YAML node tree, with libyaml's syntax errors and duplicate keys turned into
/// registry errors at their line and column.
enum YAMLDocument {
    /// Parses one YAML document and hands its root to `body` while the parser is alive (Yams holds anchors
    /// weakly, and the decoder refuses anchored nodes, so an alias bomb is never expanded).
    static func withRoot<T>(_ text: String, diagnostics: RegistryDiagnostics, _ body: (Node) -> T?) -> T? {
        do {
            // No tag resolver: the reader reads every scalar as text and judges it itself (`YAMLReader`), and the
            // default resolver matches regular expressions against every scalar, a large share of a cached `check`.
            let parser = try Parser(yaml: text, resolver: .basic)
            guard let node = try parser.singleRoot() else {
                diagnostics.error("the registry is empty; it needs at least `version: 1` and `notification_types:`",
                                  at: diagnostics.location(line: 1, column: 1))
                return nil
            }
            return withExtendedLifetime(parser) { body(node) }
        } catch let error as YamlError {
            report(error, text: text, diagnostics: diagnostics)
            return nil
        } catch {
            diagnostics.error("cannot read YAML: \(error)", at: diagnostics.location(line: 1, column: 1))
            return nil
        }
    }

    private static func report(_ error: YamlError, text: String, diagnostics: RegistryDiagnostics) {
        switch error {
        case .scanner(let context, let problem, let mark, _),
             .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            let detail = context.map { "\(problem) \($0.text)" } ?? problem
            let hint = syntaxHint(text, line: mark.line).map { "; " + $0 } ?? ""
            diagnostics.error("YAML syntax error: \(detail)\(hint)", at: diagnostics.location(line: mark.line, column: mark.column))
        case .duplicatedKeysInMapping(let duplicates, let context):
            let key = duplicates.first ?? "?"
            let first = context.mark
            let second = secondOccurrence(of: key, after: first, in: text)
            let at = second ?? (first.line, first.column)
            diagnostics.error(
                "duplicate key '\(key)' (first at line \(first.line)); a key may appear once per mapping",
                at: diagnostics.location(line: at.0, column: at.1))
        case .reader(let problem, let offset, _, _):
            let position = offset.map { LineMap(text).position(ofByte: $0) } ?? (1, 1)
            diagnostics.error("cannot read the file: \(problem)", at: diagnostics.location(line: position.0, column: position.1))
        default:
            diagnostics.error("cannot read YAML: \(error)", at: diagnostics.location(line: 1, column: 1))
        }
    }

    /// The usual cause of a syntax error reported at `line`, looked for on that line and the ones above it (libyaml
    /// often notices a mistake a line late): a tab in the indentation, a key with no space after its colon, or a key
    /// indented differently from the keys above it at the same level. Nil when none is seen.
    static func syntaxHint(_ text: String, line: Int) -> String? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard line >= 1, line <= lines.count + 1 else { return nil }
        let near = Array(max(1, line - 2) ... min(line, lines.count))
        for n in near.reversed() {
            let indent = lines[n - 1].prefix { $0 == " " || $0 == "\t" }
            if indent.contains("\t") {
                return "hint: line \(n) is indented with a tab; YAML indents with spaces only"
            }
        }
        for n in near.reversed() {
            let body = lines[n - 1].drop { $0 == " " }.drop { $0 == "-" || $0 == " " }
            guard let colon = body.firstIndex(of: ":"), colon > body.startIndex else { continue }
            let key = body[..<colon], after = body[body.index(after: colon)...]
            guard key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }),
                  let next = after.first, next != " ", next != "/", next != ":" else { continue }
            return "hint: line \(n) has no space after `\(key):`; YAML needs `\(key): value`"
        }
        // A key indented deeper than the key above it, which holds a value already (`key: value`).
        if line >= 2, line <= lines.count {
            let here = lines[line - 1], above = lines[line - 2]
            let hereIndent = here.prefix { $0 == " " }.count, aboveIndent = above.prefix { $0 == " " }.count
            let aboveHoldsValue = above.contains(": ") && !above.hasSuffix(":") && !above.trimmingCharacters(in: .whitespaces).hasPrefix("#")
            if hereIndent > aboveIndent, aboveHoldsValue, here.contains(":") {
                return "hint: line \(line) is indented \(hereIndent) spaces, the key above it \(aboveIndent): keys of one mapping line up"
            }
        }
        return nil
    }

    /// Where a duplicated block-mapping key appears again: a later line of the same mapping (same column,
    /// only spaces before it) that starts with `key:`. Nil for flow mappings; the caller falls back to the first.
    private static func secondOccurrence(of key: String, after mark: Mark, in text: String) -> (Int, Int)? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.unicodeScalars) }
        let column = mark.column - 1
        guard mark.line >= 1, mark.line <= lines.count, column >= 0 else { return nil }
        for index in mark.line..<lines.count {
            let line = lines[index]
            let indent = line.prefix { $0 == " " }.count
            guard indent < line.count, line[indent] != "#" else { continue }  // blank or comment
            if indent < column { return nil }                                  // the mapping ended
            guard indent == column else { continue }
            let rest = String(String.UnicodeScalarView(line[column...]))
            for spelling in [key, "\"\(key)\"", "'\(key)'"] where rest.hasPrefix(spelling + ":") {
                return (index + 1, mark.column)
            }
        }
        return nil
    }
}
