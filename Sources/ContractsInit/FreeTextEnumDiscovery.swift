import ContractsCore
import ContractsSQL
import ContractsSwiftSource
import Foundation

/// A free-text column (text, no CHECK and no ENUM type) that is an enum all the same: a Swift String enum named for
/// it (`reports.reason` → `ReportReason`) or a TypeScript set, union or list holding what the code writes to it,
/// met by another stack that writes or compares its values (`VALID_REASONS.has(reason)` beside the Swift enum, an
/// edge function's `.from("fixtures").update({ status: "postponed" })`). Its values: the declaration's, then what any
/// stack writes: a value one stack writes and another lacks is registered, so `check` reports the one that lacks it.
struct FreeTextColumn: Sendable, Equatable {
    var schema: String
    var table: String
    var column: String
    var location: SourceLocation
}

enum FreeTextEnumDiscovery {
    /// The `text`/`varchar` columns the migrations create or add, in order, each once.
    static func textColumns(_ files: ProjectFiles, migrations: [String]) throws -> [FreeTextColumn] {
        guard let create = try? NSRegularExpression(pattern: #"(?i)\bcreate\s+table\s+(?:if\s+not\s+exists\s+)?((?:"?\w+"?\.)?"?\w+"?)\s*\("#),
              let add = try? NSRegularExpression(pattern: #"(?i)\balter\s+table\s+(?:if\s+exists\s+)?(?:only\s+)?((?:\w+\.)?\w+)\s+add\s+(?:column\s+)?(?:if\s+not\s+exists\s+)?(\w+)\s+(text|varchar|character\s+varying|citext)\b"#)
        else { return [] }
        var out: [FreeTextColumn] = [], seen: Set<String> = []
        func append(_ qualified: String, _ column: String, _ location: SourceLocation) {
            let parts = qualified.replacingOccurrences(of: "\"", with: "").lowercased().split(separator: ".").map(String.init)
            let entry = FreeTextColumn(schema: parts.count > 1 ? parts[0] : "public", table: parts.last ?? "", column: column.lowercased(), location: location)
            if seen.insert("\(entry.schema).\(entry.table).\(entry.column)").inserted { out.append(entry) }
        }
        for path in migrations {
            let text = blankComments(try files.tree.readText(path))
            let ns = text as NSString
            for m in create.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
                let open = m.range.location + m.range.length - 1
                guard let body = parenthesised(ns, from: open) else { continue }
                for item in SQLFunctionText.splitTopLevel(body) {
                    let words = item.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).map(String.init)
                    guard words.count >= 2, !["constraint", "primary", "unique", "check", "foreign", "exclude", "like"].contains(words[0].lowercased()),
                          ["text", "varchar", "citext", "character"].contains(where: { words[1].lowercased().hasPrefix($0) }) else { continue }
                    let at = TextOffsets.location(ns, path, (ns.range(of: item, options: [], range: NSRange(location: open, length: ns.length - open))).location)
                    append(ns.substring(with: m.range(at: 1)), words[0].replacingOccurrences(of: "\"", with: ""), at)
                }
            }
            for m in add.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
                append(ns.substring(with: m.range(at: 1)), ns.substring(with: m.range(at: 2)), TextOffsets.location(ns, path, m.range.location))
            }
        }
        return out
    }

    /// The free-text enums: each text column no value set restricts (nor the notification enum's) that a declaration
    /// names or holds, with the other stack's writes.
    static func discover(_ columns: [FreeTextColumn], restricted: [DiscoveredValueSet], notification: InitDraft,
                         swiftEnums: [DiscoveredSwiftEnum], declarations: [DiscoveredConst], unions: [DiscoveredUnion],
                         literals: TableLiteralDiscovery.Found) -> (enums: [SharedEnumDraft], leftOut: [LeftOutCandidate]) {
        var enums: [SharedEnumDraft] = [], leftOut: [LeftOutCandidate] = []
        let stringEnums = swiftEnums.filter { $0.hasStringRawValues && $0.cases.contains { $0.raw != nil } }
        let restrictedKeys = Set(restricted.map { "\($0.schema).\($0.table).\($0.column)" })
        let byName = Dictionary(stringEnums.map { ($0.qualifiedName.split(separator: ".").joined(), $0) }, uniquingKeysWith: { a, _ in a })
        let typeScript: [(name: String, values: [String], location: SourceLocation, union: DiscoveredUnion?, const: DiscoveredConst?)] =
            unions.map { ($0.name, $0.values, $0.location, $0, nil) } + declarations.map { ($0.name, $0.values, $0.location, nil, $0) }
        for column in columns {
            if restrictedKeys.contains("\(column.schema).\(column.table).\(column.column)") { continue }
            if let c = notification.column, c.schema == column.schema, c.table == column.table, c.column == column.column { continue }
            let written = literals[column.table + "." + column.column] ?? []
            let writtenValues = written.map(\.value)
            let names = Set([singular(Identifiers.pascalCase(column.table)) + Identifiers.pascalCase(column.column),
                             Identifiers.pascalCase(column.table) + Identifiers.pascalCase(column.column)])
            let named = names.sorted().compactMap { byName[$0] }
            let swift = named.count == 1 ? named[0]
                : writtenValues.count >= 2 ? stringEnums.filter { Set(writtenValues).intersection($0.cases.compactMap(\.raw)).count >= 2 }
                    .max { Set(writtenValues).intersection($0.cases.compactMap(\.raw)).count < Set(writtenValues).intersection($1.cases.compactMap(\.raw)).count }
                : nil
            if let swift, swift.qualifiedName == notification.swiftEnum?.qualifiedName { continue }
            let swiftValues = swift?.cases.compactMap(\.raw) ?? []
            let known = Set(swiftValues + writtenValues)
            // The TypeScript declaration meeting the values in two or more; one holding a strict subset is no surface.
            guard swift != nil || !writtenValues.isEmpty else { continue }
            let meeting = typeScript.filter { known.intersection($0.values).count >= 2 }
                .sorted { known.intersection($0.values).count > known.intersection($1.values).count }
            var surface = meeting.first
            if let s = surface, Set(s.values).isStrictSubset(of: known),
               !SharedEnumDiscovery.namedFor(s.name, [swift?.name ?? "", column.table + "_" + column.column]) {
                let lacking = swiftValues.filter { !s.values.contains($0) } + writtenValues.filter { !s.values.contains($0) && !swiftValues.contains($0) }
                leftOut.append(LeftOutCandidate(subject: "TypeScript \(s.name) (\(RegistryWriter.line(s.location)))",
                    reason: "holds some of \(column.table).\(column.column)'s values, not \(lacking.joined(separator: ", ")): not its surface"))
                surface = nil
            }
            // Another stack meets the declaration: TypeScript beside Swift, or a write the declaration did not make.
            let otherStack = (swift != nil && (surface != nil || !writtenValues.isEmpty)) || (swift == nil && surface != nil && writtenValues.count >= 2)
            guard swift != nil || surface != nil, otherStack else { continue }
            var values: [String] = []
            for v in swiftValues + (surface?.values ?? []) + writtenValues where Identifiers.isWireValue(v) && !values.contains(v) { values.append(v) }
            guard values.count >= 2 else { continue }
            let name = swift.map { $0.qualifiedName.split(separator: ".").joined() } ?? Identifiers.pascalCase(column.table) + Identifiers.pascalCase(column.column)
            var entry = SharedEnumDraft(name: name, columns: [], enumType: nil, values: values, swiftEnum: swift,
                                        union: surface?.union, const: surface?.const)
            entry.freeText = column
            entry.written = writtenValues
            enums.append(entry)
        }
        return (enums, leftOut)
    }

    /// `Reports` → `Report`, `Fixtures` → `Fixture`, `Categories` → `Category`, `Status` stays.
    static func singular(_ name: String) -> String {
        if name.hasSuffix("ies") { return String(name.dropLast(3)) + "y" }
        if name.hasSuffix("sses") || name.hasSuffix("shes") || name.hasSuffix("ches") || name.hasSuffix("xes") { return String(name.dropLast(2)) }
        if name.hasSuffix("s"), !name.hasSuffix("ss"), !name.hasSuffix("us") { return String(name.dropLast()) }
        return name
    }

    /// The text with `-- ...` and `/* ... */` comments blanked (spaces, newlines kept): a quote in a comment opens
    /// no string, and lines and offsets stay where they were.
    static func blankComments(_ text: String) -> String {
        var out = "", inString = false, lineComment = false, blockComment = false
        let chars = Array(text)
        var i = 0
        while i < chars.count {
            let c = chars[i], next = i + 1 < chars.count ? chars[i + 1] : " "
            if lineComment {
                if c == "\n" { lineComment = false; out.append(c) } else { out.append(" ") }
            } else if blockComment {
                if c == "*", next == "/" { blockComment = false; out.append("  "); i += 2; continue }
                out.append(c == "\n" ? "\n" : " ")
            } else if inString {
                if c == "'" { inString = false }
                out.append(c)
            } else if c == "-", next == "-" {
                lineComment = true
                out.append(" ")
            } else if c == "/", next == "*" {
                blockComment = true
                out.append("  ")
                i += 2
                continue
            } else {
                if c == "'" { inString = true }
                out.append(c)
            }
            i += 1
        }
        return out
    }

    private static func parenthesised(_ ns: NSString, from open: Int) -> String? {
        TextOffsets.closingParen(ns, from: open).map { ns.substring(with: NSRange(location: open + 1, length: $0 - open - 1)) }
    }
}
