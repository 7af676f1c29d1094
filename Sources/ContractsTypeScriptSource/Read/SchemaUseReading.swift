import ContractsCore

/// The schema names one TypeScript file uses through supabase-js (`SchemaUses`): each chain
/// `supabase.from('t')` / `supabase.schema('s').from('t')` whose first call is a query verb, with the columns its
/// select, filters, ordering, written objects and `onConflict` name; and each `.rpc('fn', { … })` with the named
/// arguments it sends. A name that is not a plain string (a variable, a template with `${}`) leaves the query out;
/// an object whose keys cannot all be listed (a spread, a computed key, a variable) leaves the write's keys unknown.
public enum TSSchemaUseReader {
    /// A file without one of these uses no name.
    public static let needles = [Array(".from(".utf8), Array(".rpc(".utf8)]

    public static func uses(path: String, text: String) -> SchemaUses {
        guard text.utf8.count >= 4 else { return SchemaUses() }
        guard TextBytes.holdsAny(of: needles, in: text) else { return SchemaUses() }
        return uses(in: TSLexes.source(path, text: text))
    }

    static let filters: Set<String> = [
        "eq", "neq", "gt", "gte", "lt", "lte", "like", "ilike", "is", "in", "contains", "containedBy", "overlaps",
        "rangeGt", "rangeGte", "rangeLt", "rangeLte", "rangeAdjacent", "textSearch", "likeAllOf", "likeAnyOf",
        "ilikeAllOf", "ilikeAnyOf", "not", "filter", "isDistinct",
    ]

    static func uses(in source: TSSource) -> SchemaUses {
        var uses = SchemaUses()
        for k in source.tokens.indices where source.tokens[k].kind == .identifier {
            let word = source.tokens[k].text
            guard word == "from" || word == "rpc", source.isPunct(k - 1, ".") || source.isPunct(k - 1, "?."),
                  source.isPunct(k + 1, "("), source.partner[k + 1] > k + 1, !source.isWord(k - 2, "storage"),
                  let schema = schema(before: k, in: source) else { continue }
            if word == "from", let query = query(at: k, schema: schema, in: source) { uses.queries.append(query) }
            if word == "rpc", let rpc = rpc(at: k, schema: schema, in: source) { uses.rpcs.append(rpc) }
        }
        return uses
    }

    /// A plain string token's value: a quoted string, or a template without `${`.
    static func plainString(_ source: TSSource, _ i: Int) -> String? {
        guard let t = source.token(i) else { return nil }
        if t.kind == .string { return t.value }
        if t.kind == .template, t.text.hasPrefix("`"), t.text.hasSuffix("`"), t.text.count >= 2, !t.text.hasSuffix("${") {
            return String(t.text.dropFirst().dropLast())
        }
        return nil
    }

    /// Where byte `offset` of the value of the string token `i` is, when the token spells its value plainly.
    static func locate(_ offset: Int, token i: Int, value: String, in source: TSSource) -> SourceLocation {
        let t = source.tokens[i]
        let raw = Array(t.text.utf8)
        if raw.count == value.utf8.count + 2, Array(raw[1 ..< raw.count - 1]) == Array(value.utf8) {
            return source.lineMap.location(ofByte: t.start + 1 + offset, in: source.path)
        }
        return source.location(of: i)
    }

    /// "public", the schema of a `.schema('s')` right before, or nil when that schema is not a plain string.
    static func schema(before k: Int, in source: TSSource) -> String? {
        let close = k - 2
        guard source.isPunct(close, ")"), source.partner[close] >= 0 else { return "public" }
        let open = source.partner[close]
        guard source.isWord(open - 1, "schema"), source.isPunct(open - 2, ".") || source.isPunct(open - 2, "?.") else { return "public" }
        guard open + 2 == close else { return nil }
        return plainString(source, open + 1)
    }

    /// The calls after the one whose `(` is at `open`: name index and `(` index.
    /// A call with type arguments (`.returns<Row[]>()`) is a link too.
    static func links(after open: Int, in source: TSSource) -> [(name: Int, open: Int)] {
        var out: [(Int, Int)] = []
        var i = source.partner[open]
        while i > 0, source.isPunct(i + 1, ".") || source.isPunct(i + 1, "?."), let name = source.token(i + 2), name.kind == .identifier {
            var paren = i + 3
            if source.isPunct(paren, "<"), typeArgument(after: i + 2, in: source) != nil {
                paren = source.isPunct(i + 5, "[") ? i + 8 : i + 6
            }
            guard source.isPunct(paren, "("), source.partner[paren] > paren else { break }
            out.append((i + 2, paren))
            i = source.partner[paren]
        }
        return out
    }

    static func query(at k: Int, schema: String, in source: TSSource) -> SchemaUse? {
        let open = k + 1
        guard source.partner[open] == open + 2, let table = plainString(source, open + 1), !table.isEmpty else { return nil }
        var schema = schema, relation = table
        let parts = table.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count == 2 { (schema, relation) = (String(parts[0]), String(parts[1])) }
        guard parts.count <= 2 else { return nil }
        let links = links(after: open, in: source)
        guard let first = links.first, QueryRowResolver.queryVerbs.contains(source.tokens[first.name].text) else { return nil }
        var use = SchemaUse(schema: schema, relation: relation, location: source.location(of: open + 1))
        var unreadable = false
        for link in links {
            let name = source.tokens[link.name].text
            let arguments = source.arguments(ofCallAt: link.open)
            switch name {
            case "select":
                if let columns = arguments.first {
                    guard columns.count == 1, let value = plainString(source, columns.lowerBound),
                          use.addSelect(value, at: source.location(of: columns.lowerBound),
                                        locate: { locate($0, token: columns.lowerBound, value: value, in: source) })
                    else { unreadable = true; continue }
                } else {
                    use.selectsAll = true
                    use.selectedKeys = use.selectedKeys ?? []
                }
            case "insert", "upsert", "update":
                guard let row = arguments.first else { continue }
                let read = rows(row, in: source)
                use.columns += read.columns.map { SchemaUse.ColumnName(name: $0.0, role: .written, location: $0.1) }
                use.write = SchemaUse.Write(kind: SchemaUse.Write.Kind(rawValue: name)!, keys: read.keys, location: source.location(of: link.name))
                if arguments.count > 1, source.isPunct(arguments[1].lowerBound, "{") {
                    for property in source.properties(ofObjectAt: arguments[1].lowerBound)
                    where property.key == "onConflict" && property.kind == .keyValue && property.value.count == 1 {
                        guard let value = plainString(source, property.value.lowerBound) else { continue }
                        for column in SchemaUse.conflictColumns(value) {
                            use.columns.append(.init(name: column.name, role: .conflict,
                                                     location: locate(column.offset, token: property.value.lowerBound, value: value, in: source)))
                        }
                    }
                }
            case "order":
                if arguments.count > 1, source.isPunct(arguments[1].lowerBound, "{"),
                   source.properties(ofObjectAt: arguments[1].lowerBound).contains(where: { ["referencedTable", "foreignTable"].contains($0.key) }) {
                    continue
                }
                column(arguments.first, role: .ordered, into: &use, in: source)
            case "match":
                if let object = arguments.first, source.isPunct(object.lowerBound, "{") {
                    for property in source.properties(ofObjectAt: object.lowerBound)
                    where (property.kind == .keyValue || property.kind == .shorthand) && !property.key.utf8.contains(UInt8(ascii: ".")) {
                        use.columns.append(.init(name: property.key, role: .filtered, location: source.location(of: property.keyIndex)))
                    }
                }
            case "or":
                // `.or('a.eq.1,b.is.null')`; with `{ referencedTable }` (or `foreignTable`) its columns are an embedded
                // resource's: not judged.
                if arguments.count > 1 { continue }
                if let filters = arguments.first { logicColumns(filters, into: &use, in: source) }
            default:
                if filters.contains(name) { column(arguments.first, role: .filtered, into: &use, in: source) }
            }
        }
        if unreadable {
            use.selectedKeys = nil
            use.selectsAll = false
        } else if use.selectedKeys != nil, let type = rowTypeArgument(links, in: source), let fields = rowTypeFields(type, in: source) {
            use.decode = SchemaUse.Decode(typeName: type, match: .exact, fields: fields)
        }
        return use
    }

    /// The row type a chain names for its rows: `.returns<Row[]>()`, `.returns<Row>()`, `.single<Row>()`,
    /// `.maybeSingle<Row>()`, the last one written.
    static func rowTypeArgument(_ links: [(name: Int, open: Int)], in source: TSSource) -> String? {
        var found: String?
        for link in links where ["returns", "single", "maybeSingle"].contains(source.tokens[link.name].text) {
            found = typeArgument(after: link.name, in: source)
        }
        return found
    }

    /// `Name` of `<Name>` or `<Name[]>` right after token `i`.
    static func typeArgument(after i: Int, in source: TSSource) -> String? {
        guard source.isPunct(i + 1, "<"), let name = source.token(i + 2), name.kind == .identifier else { return nil }
        var k = i + 3
        if source.isPunct(k, "["), source.isPunct(k + 1, "]") { k += 2 }
        guard source.isPunct(k, ">"), source.isPunct(k + 1, "(") else { return nil }
        return name.text
    }

    /// The keys the one object type `name` of the file (`type Name = { … }`, `interface Name { … }`) requires,
    /// each where it is written; nil when the file declares none or several, or one this reader cannot read for
    /// sure (an index signature, a method, a conditional type, an intersection, an `extends`).
    static func rowTypeFields(_ name: String, in source: TSSource) -> [SchemaUse.Decode.Field]? {
        var opens: [Int] = []
        for k in source.tokens.indices where source.tokens[k].kind == .identifier && source.isWord(k + 1, name) {
            if source.tokens[k].text == "type", source.isPunct(k + 2, "=") {
                guard source.isPunct(k + 3, "{") else { return nil }
                let close = source.partner[k + 3]
                guard close > k + 3 else { return nil }
                // `type Row = { … } & Other`, `{ … }[]`, `{ … } | null`: not an object type alone.
                if let after = source.token(close + 1), after.kind == .punctuator, !after.isPunct(";"), !after.isPunct("}") { return nil }
                opens.append(k + 3)
            } else if source.tokens[k].text == "interface" {
                guard source.isPunct(k + 2, "{") else { return nil }
                opens.append(k + 2)
            }
        }
        guard opens.count == 1, let open = opens.first else { return nil }
        let close = source.partner[open]
        guard close > open else { return nil }
        var fields: [SchemaUse.Decode.Field] = []
        var i = open + 1
        func line(_ k: Int) -> Int { source.location(of: k).line }
        func startsMember(_ k: Int) -> Bool {
            guard let t = source.token(k), t.kind == .identifier || t.kind == .string else { return false }
            return source.isPunct(k + 1, ":") || source.isPunct(k + 1, "?:") || (source.isPunct(k + 1, "?") && source.isPunct(k + 2, ":"))
        }
        while i < close {
            if source.isWord(i, "readonly"), startsMember(i + 1) { i += 1 }
            guard startsMember(i), let key = source.token(i) else { return nil }
            let optional = !source.isPunct(i + 1, ":")
            var j = i + (source.isPunct(i + 1, "?") ? 3 : 2)
            let typeStart = j
            while j < close {
                let t = source.tokens[j]
                if t.isPunct(";") || t.isPunct(",") { break }
                if j > typeStart, line(j) != line(j - 1), startsMember(j) { break }
                if t.isPunct("?") || t.isWord("extends") { return nil }
                if t.kind == .punctuator, ["(", "[", "{"].contains(t.text) {
                    guard source.partner[j] > j else { return nil }
                    j = source.partner[j] + 1
                    continue
                }
                j += 1
            }
            guard j > typeStart else { return nil }
            if !optional {
                let text = key.kind == .string ? key.value : key.text
                fields.append(.init(key: text, property: text, location: source.location(of: i)))
            }
            i = j
            if i < close, source.isPunct(i, ";") || source.isPunct(i, ",") { i += 1 }
        }
        return fields
    }

    /// The columns a logic tree (`.or('…')`) names, each where it is written: a plain string whole; a template
    /// with `${…}`, or a string `+` something, up to where the unknown part starts. Anything else names nothing.
    static func logicColumns(_ argument: Range<Int>, into use: inout SchemaUse, in source: TSSource) {
        let i = argument.lowerBound
        guard let t = source.token(i) else { return }
        let text: String
        let open: Bool
        if argument.count == 1, let value = plainString(source, i) {
            (text, open) = (value, false)
        } else if argument.count > 2, t.kind == .string, source.isPunct(i + 1, "+") {
            (text, open) = (t.value, true)
        } else if t.kind == .template, t.text.hasPrefix("`"), t.text.hasSuffix("${"), t.text.utf8.count >= 3 {
            (text, open) = (String(t.text.dropFirst().dropLast(2)), true)
        } else {
            return
        }
        // The token must spell the text plainly (no escapes), so each offset is a place in the source.
        let raw = Array(t.text.utf8)
        let bytes = Array(text.utf8)
        guard raw.count > bytes.count, Array(raw[1 ..< 1 + bytes.count]) == bytes, !bytes.contains(UInt8(ascii: "\\")),
              let columns = PostgRESTLogic.columns(bytes, open: open) else { return }
        for column in columns {
            use.columns.append(.init(name: column.name, role: .filtered,
                                     location: source.lineMap.location(ofByte: t.start + 1 + column.offset, in: source.path)))
        }
    }

    static func column(_ argument: Range<Int>?, role: SchemaUse.Role, into use: inout SchemaUse, in source: TSSource) {
        guard let argument, argument.count == 1, let name = plainString(source, argument.lowerBound), !name.isEmpty,
              !name.utf8.contains(UInt8(ascii: ".")) else { return }
        var column = Substring(name)
        if let arrow = column.range(of: "->") { column = column[..<arrow.lowerBound] }
        if let cast = column.range(of: "::") { column = column[..<cast.lowerBound] }
        let trimmed = column.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return }
        use.columns.append(.init(name: trimmed, role: role, location: locate(0, token: argument.lowerBound, value: name, in: source)))
    }

    /// The keys objects written name, and the keys every one of them has (nil when some cannot all be listed).
    static func rows(_ range: Range<Int>, in source: TSSource) -> (columns: [(String, SourceLocation)], keys: [String]?) {
        let start = range.lowerBound
        if source.isPunct(start, "["), source.partner[start] == range.upperBound - 1 {
            var columns: [(String, SourceLocation)] = []
            var keys: Set<String>?
            var known = true
            for element in source.arguments(ofCallAt: start) {
                let row = object(element, in: source)
                columns += row.columns
                if let rowKeys = row.keys { keys = keys.map { $0.intersection(rowKeys) } ?? Set(rowKeys) } else { known = false }
            }
            return (columns, known ? (keys ?? []).sorted() : nil)
        }
        return object(range, in: source)
    }

    static func object(_ range: Range<Int>, in source: TSSource) -> (columns: [(String, SourceLocation)], keys: [String]?) {
        let start = range.lowerBound
        guard source.isPunct(start, "{"), source.partner[start] == range.upperBound - 1 else { return ([], nil) }
        var columns: [(String, SourceLocation)] = []
        var known = true
        for property in source.properties(ofObjectAt: start) {
            switch property.kind {
            case .keyValue, .shorthand: columns.append((property.key, source.location(of: property.keyIndex)))
            case .method, .spread, .computed: known = false
            }
        }
        return (columns, known ? columns.map(\.0) : nil)
    }

    static func rpc(at k: Int, schema: String, in source: TSSource) -> RPCUse? {
        let open = k + 1
        let arguments = source.arguments(ofCallAt: open)
        guard let first = arguments.first, first.count == 1, let name = plainString(source, first.lowerBound), !name.isEmpty else { return nil }
        var sent: [String: SourceLocation]? = [:]
        if arguments.count > 1 {
            let read = object(arguments[1], in: source)
            sent = read.keys.map { _ in Dictionary(read.columns, uniquingKeysWith: { a, _ in a }) }
        }
        return RPCUse(schema: schema, name: name, location: source.location(of: first.lowerBound), arguments: sent)
    }
}
