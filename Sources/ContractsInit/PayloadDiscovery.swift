import ContractsCore
import ContractsSwiftSource
import Foundation

/// A payload as `init` writes it.
struct PayloadDraft: Sendable, Equatable {
    struct Field: Sendable, Equatable {
        var key: String
        /// Registry type text: `uuid`, `int`, `[RequestCountDetail]`.
        var type: String
        var optional: Bool
        /// Set when the Swift type maps to no registry type (written as `string`, with a comment).
        var unmappedType: String?
        /// The string values the SQL builds it from (`CASE ... THEN 'ride' ELSE 'favor' END`), when only literals.
        var allowedValues: [String] = []
    }

    var name: String
    var typeName: String
    var rpc: String?
    /// The RPC returns `TABLE (...)` rows, not a `jsonb_build_object`: named in a comment, not as `rpc:` (the payload
    /// rules read an RPC's `jsonb_build_object` replies, and would take a nested object for the reply).
    var returnsTable = false
    var fields: [Field]
    var location: SourceLocation
}

/// Payloads: the keys a SQL function returns with `RETURN jsonb_build_object(...)` (a key missing from one of its
/// returns is optional), matched with the `Decodable` struct that decodes exactly those keys, whose property
/// types give the field types; structs its fields decode (`[RequestCountDetail]`) become payloads too. An RPC no
/// struct decodes is not written: nothing in the app says what shape it expects.
enum PayloadDiscovery {
    static func payloads(_ files: ProjectFiles, migrations: [String]) throws -> [PayloadDraft] {
        var decodables: [DiscoveredDecodable] = []
        for path in files.swiftSources { decodables += DecodableStructDiscovery.read(path: path, text: try files.tree.readText(path)) }
        guard !decodables.isEmpty else { return [] }
        var returns: [String: (name: String, keys: [String], optional: Set<String>, body: String)] = [:]
        var tables: Set<String> = []
        for path in migrations {
            for function in SQLFunctionText.functions(in: try files.tree.readText(path)) {
                let key = function.name.lowercased().split(separator: ".").last.map(String.init) ?? function.name
                returns[key] = nil  // a later definition replaces the earlier one
                let shapes = builtObjects(in: function.body)
                guard !shapes.isEmpty else { continue }
                var keys: [String] = []
                for shape in shapes { for k in shape where !keys.contains(k) { keys.append(k) } }
                let optional = Set(keys.filter { k in shapes.contains { !$0.contains(k) } })
                returns[key] = (key, keys, optional, function.body)
            }
        }
        // `RETURNS TABLE (col type, ...)`: each row's keys are the columns (a later definition replaces it too).
        for path in migrations {
            for (name, columns) in tableReturns(in: try files.tree.readText(path)) where returns[name] == nil && !columns.isEmpty {
                returns[name] = (name, columns, [], "")
                tables.insert(name)
            }
        }
        var out: [PayloadDraft] = []
        for (rpc, shape) in returns.sorted(by: { $0.key < $1.key }) {
            guard let decodable = decodables.first(where: { Set($0.fields.map(\.key)) == Set(shape.keys) }) else { continue }
            let before = out.count
            append(decodable, rpc: rpc, optional: shape.optional, order: shape.keys, decodables,
                   choices: literalChoices(in: shape.body), &out)
            if tables.contains(rpc), out.count > before { out[before].returnsTable = true }
        }
        return out
    }

    private static func append(_ decodable: DiscoveredDecodable, rpc: String?, optional: Set<String>, order: [String],
                               _ decodables: [DiscoveredDecodable], choices: [String: [String]], _ out: inout [PayloadDraft]) {
        guard !out.contains(where: { $0.typeName == decodable.name }) else { return }
        let fields = decodable.fields.sorted { (order.firstIndex(of: $0.key) ?? .max) < (order.firstIndex(of: $1.key) ?? .max) }
        var nested: [DiscoveredDecodable] = []
        let draftFields = fields.map { field -> PayloadDraft.Field in
            var type = field.type, isOptional = optional.contains(field.key)
            if type.hasSuffix("?") { type.removeLast(); isOptional = true }
            let isArray = type.hasPrefix("[") && type.hasSuffix("]")
            let element = isArray ? String(type.dropFirst().dropLast()) : type
            var mapped = DeepLinkChoice.registryTypes[element]
            if mapped == nil, let inner = decodables.first(where: { $0.name == element }) {
                mapped = element
                nested.append(inner)
            }
            let written = isArray ? "[\(mapped ?? "string")]" : mapped ?? "string"
            return PayloadDraft.Field(key: field.key, type: written, optional: isOptional, unmappedType: mapped == nil ? field.type : nil,
                                      allowedValues: written == "string" ? choices[field.key] ?? [] : [])
        }
        let name = decodable.name.hasSuffix("Payload") && decodable.name.count > 7 ? String(decodable.name.dropLast(7)) : decodable.name
        out.append(PayloadDraft(name: name, typeName: decodable.name, rpc: rpc, fields: draftFields, location: decodable.location))
        for inner in nested { append(inner, rpc: nil, optional: [], order: [], decodables, choices: choices, &out) }
    }

    /// Keys of any `jsonb_build_object` in the body whose value is a `CASE` of string literals only
    /// (`'request_type', CASE WHEN ... THEN 'ride' ELSE 'favor' END`) → those literals, in order.
    static func literalChoices(in body: String) -> [String: [String]] {
        guard let open = try? NSRegularExpression(pattern: #"(?i)\bjsonb_build_object\s*\("#),
              let results = try? NSRegularExpression(pattern: #"(?i)\b(?:then|else)\s+('(?:[^']*)'|[^\s']+)"#) else { return [:] }
        let ns = body as NSString
        var out: [String: [String]] = [:]
        for match in open.matches(in: body, range: NSRange(location: 0, length: ns.length)) {
            let arguments = topLevelArguments(ns, from: match.range.location + match.range.length - 1)
            var index = 0
            while index + 1 < arguments.count {
                defer { index += 2 }
                let key = arguments[index], value = arguments[index + 1]
                guard key.hasPrefix("'"), key.hasSuffix("'"), key.count >= 2,
                      value.lowercased().hasPrefix("case"), value.lowercased().hasSuffix("end") else { continue }
                let found = results.matches(in: value, range: NSRange(value.startIndex..., in: value)).compactMap {
                    Range($0.range(at: 1), in: value).map { String(value[$0]) }
                }
                guard !found.isEmpty, found.allSatisfy({ $0.hasPrefix("'") }) else { continue }
                var values: [String] = []
                for v in found.map({ String($0.dropFirst().dropLast()) }) where !values.contains(v) { values.append(v) }
                out[String(key.dropFirst().dropLast()), default: []] += values.filter { !(out[String(key.dropFirst().dropLast())] ?? []).contains($0) }
            }
        }
        return out
    }

    /// The comma-separated arguments of the call whose `(` is at `open`, trimmed (quotes and nesting respected).
    private static func topLevelArguments(_ ns: NSString, from open: Int) -> [String] {
        var depth = 0, i = open, inString = false, current = "", out: [String] = []
        while i < ns.length {
            let c = Character(UnicodeScalar(ns.character(at: i))!)
            i += 1
            if inString { current.append(c); if c == "'" { inString = false }; continue }
            switch c {
            case "'": inString = true
            case "(": depth += 1; if depth == 1 { continue }
            case ")": depth -= 1; if depth == 0 { out.append(current); return out.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } }
            case ",": if depth == 1 { out.append(current); current = ""; continue }
            default: break
            }
            current.append(c)
        }
        return []
    }

    /// Each `CREATE FUNCTION name(...) RETURNS [SETOF] TABLE (col type, ...)`: the function's unqualified name and its
    /// columns' names, in order.
    static func tableReturns(in text: String) -> [(name: String, columns: [String])] {
        guard let header = try? NSRegularExpression(pattern: #"(?i)\bcreate\s+(?:or\s+replace\s+)?function\s+([\w."]+)\s*\("#),
              let returnsTable = try? NSRegularExpression(pattern: #"(?i)^\s*returns\s+(?:setof\s+)?table\s*\("#) else { return [] }
        let ns = text as NSString
        var out: [(String, [String])] = []
        for match in header.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
            let parameters = match.range.location + match.range.length - 1
            guard let afterParameters = TextOffsets.closingParen(ns, from: parameters) else { continue }
            let rest = NSRange(location: afterParameters + 1, length: ns.length - afterParameters - 1)
            guard let table = returnsTable.firstMatch(in: text, options: [.anchored], range: rest) else { continue }
            let arguments = topLevelArguments(ns, from: table.range.location + table.range.length - 1)
            let columns = arguments.compactMap { item -> String? in
                item.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).first.map { $0.replacingOccurrences(of: "\"", with: "").lowercased() }
            }
            let name = ns.substring(with: match.range(at: 1)).replacingOccurrences(of: "\"", with: "").lowercased()
            out.append((name.split(separator: ".").last.map(String.init) ?? name, columns))
        }
        return out
    }

    /// The keys of each `RETURN jsonb_build_object('k', v, ...)` in a function body.
    static func builtObjects(in body: String) -> [[String]] {
        guard let pattern = try? NSRegularExpression(pattern: #"(?i)\breturn\s+jsonb_build_object\s*\("#) else { return [] }
        let ns = body as NSString
        return pattern.matches(in: body, range: NSRange(location: 0, length: ns.length)).compactMap { match in
            var depth = 0, i = match.range.location + match.range.length - 1, inString = false
            var keys: [String] = [], current = "", argument = 0
            while i < ns.length {
                let c = Character(UnicodeScalar(ns.character(at: i))!)
                i += 1
                if inString {
                    if c == "'" { inString = false; if depth == 1, argument % 2 == 0 { keys.append(current) } } else { current.append(c) }
                    continue
                }
                switch c {
                case "(": depth += 1
                case ")": depth -= 1; if depth == 0 { return keys }
                case ",": if depth == 1 { argument += 1 }
                case "'": inString = true; current = ""
                default: break
                }
            }
            return nil
        }
    }
}
