import ContractsCore
import SwiftSyntax

/// The schema names one Swift file uses through supabase-swift (`SchemaUses`): each query chain
/// `client.from("t")` / `client.schema("s").from("t")` whose first call is a query verb (`select`, `insert`,
/// `update`, `upsert`, `delete`), with the columns its select, filters, ordering, written rows and `onConflict:`
/// name, the `Decodable` type its rows are decoded into right there; and each `.rpc("fn", params: …)` with the
/// named arguments it sends.
///
/// Only what is read for sure is kept: a table, schema or select that is not a plain string literal leaves the
/// query out; a row whose keys cannot all be listed (a variable, an `Encodable` value of a type declared
/// elsewhere, a type whose keys a key strategy may change) leaves the write's keys unknown. A `.from(…)` whose next
/// call is no query verb (`storage.from("bucket").upload`, `Publishers.…`, a function of the app named `from`)
/// is no query.
public enum SchemaUseReader {
    private static let fromCall = Array(".from(".utf8)
    private static let rpcCall = Array(".rpc(".utf8)
    /// A file without one of these uses no name.
    public static let needles = [fromCall, rpcCall]

    /// The uses of one file (its tree is the run's: `SwiftTrees`).
    public static func uses(path: String, text: String) -> SchemaUses {
        guard SourceText.holds(fromCall, in: text) || SourceText.holds(rpcCall, in: text),
              let file = SwiftTrees.file(path, text: text) else { return SchemaUses() }
        return uses(in: file)
    }

    static func uses(in file: ParsedSwiftFile) -> SchemaUses {
        let collector = Collector(file: file)
        collector.walk(file.syntax)
        return SchemaUses(queries: collector.queries, rpcs: collector.rpcs)
    }

    static let verbs: Set<String> = ["select", "insert", "update", "upsert", "delete"]

    /// `data->>key` → `data`, `amount::text` → `amount`, trimmed of spaces and tabs (bytes: Foundation's
    /// `range(of:)` and `trimmingCharacters` cost more than the rest of the reader).
    static func columnName(_ name: String) -> String {
        let bytes = Array(name.utf8)
        guard bytes.allSatisfy({ $0 < 0x80 }) else {
            // Unicode spaces are trimmed too (`CharacterSet.whitespaces`).
            var out = Substring(name)
            if let arrow = out.range(of: "->") { out = out[..<arrow.lowerBound] }
            if let cast = out.range(of: "::") { out = out[..<cast.lowerBound] }
            return out.trimmingCharacters(in: .whitespaces)
        }
        var end = bytes.count
        var i = 0
        while i + 1 < end {
            if (bytes[i] == UInt8(ascii: "-") && bytes[i + 1] == UInt8(ascii: ">"))
                || (bytes[i] == UInt8(ascii: ":") && bytes[i + 1] == UInt8(ascii: ":")) { end = i; break }
            i += 1
        }
        var start = 0
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        return start == 0 && end == bytes.count ? name : String(decoding: bytes[start ..< end], as: UTF8.self)
    }
    /// Filters whose first argument names a column.
    static let filters: Set<String> = [
        "eq", "neq", "gt", "gte", "lt", "lte", "like", "ilike", "is", "in", "contains", "containedBy", "overlaps",
        "rangeGt", "rangeGte", "rangeLt", "rangeLte", "rangeAdjacent", "textSearch", "fts", "plfts", "phfts", "wfts",
        "likeAllOf", "likeAnyOf", "ilikeAllOf", "ilikeAnyOf", "not", "filter", "isDistinct",
    ]

    /// The keys a struct's synthesized `encode(to:)` writes, each where it is declared; nil when it is not
    /// `Encodable`, encodes by hand, or a `CodingKeys` case is not a plain string. A key a key strategy could
    /// change (`userId` → `user_id`) is not known for sure: left out, and the keys are then not `complete`.
    static func encodedType(_ decl: StructDeclSyntax, in file: ParsedSwiftFile) -> SchemaUse.EncodedType? {
        let extensions = decl.isLocal ? [] : (file.types.extensions[decl.name.plainName] ?? [])
        let clauses = [decl.inheritanceClause] + extensions.map(\.inheritanceClause)
        guard clauses.contains(where: { $0?.names("Encodable") == true || $0?.names("Codable") == true }) else { return nil }
        let decls = ([decl.memberBlock] + extensions.map(\.memberBlock)).flatMap(\.flattenedDecls)
        let encodesByHand = decls.contains { $0.as(FunctionDeclSyntax.self)?.name.text == "encode" }
        guard !encodesByHand else { return nil }
        let keys: [SchemaUse.EncodedType.Key]
        if let codingKeys = decls.compactMap({ $0.as(EnumDeclSyntax.self) }).first(where: { $0.name.plainName == "CodingKeys" }) {
            let entries = codingKeys.caseEntries
            guard entries.allSatisfy({ $0.rawValue != nil }) else { return nil }
            keys = entries.map { .init(key: $0.rawValue!, location: file.location(of: $0.rawValueNode)) }
        } else {
            keys = decl.memberBlock.flattenedDecls.compactMap { $0.as(VariableDeclSyntax.self) }.flatMap { variable -> [SchemaUse.EncodedType.Key] in
                guard !variable.isLeftOutOfCodableSynthesis else { return [] }
                return variable.bindings.compactMap { binding in
                    guard binding.storesAValue, let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { return nil }
                    return .init(key: pattern.identifier.plainName, location: file.location(of: pattern))
                }
            }
        }
        let sure = keys.filter { !$0.key.contains { $0.isUppercase } }
        return SchemaUse.EncodedType(keys: sure, complete: sure.count == keys.count)
    }

    /// The keys each struct of one file named in `names` encodes (`encodedType`), one entry a declaration (nil: not
    /// `Encodable`, encodes by hand); a class or enum of such a name, or an extension of it that could change what
    /// it encodes (a conformance, `encode(to:)`, `CodingKeys`), adds a nil entry: the name's keys are then unknown.
    public static func encodedTypes(path: String, text: String, names: Set<String>) -> [String: [SchemaUse.EncodedType?]] {
        guard names.contains(where: { SourceText.holds(Array($0.utf8), in: text) }), let file = SwiftTrees.file(path, text: text)
        else { return [:] }
        var out: [String: [SchemaUse.EncodedType?]] = [:]
        for name in names {
            let structs = (file.types.structs[name] ?? []).filter { !$0.isLocal }
            var entries: [SchemaUse.EncodedType?] = structs.map { encodedType($0, in: file) }
            entries += Array(repeating: nil, count: (file.types.classes[name] ?? []).count + (file.types.enums[name] ?? []).count)
            if structs.isEmpty {
                let doubtful = (file.types.extensions[name] ?? []).contains { ext in
                    ext.inheritanceClause?.names("Encodable") == true || ext.inheritanceClause?.names("Codable") == true
                        || ext.memberBlock.flattenedDecls.contains {
                            $0.as(FunctionDeclSyntax.self)?.name.text == "encode" || $0.as(EnumDeclSyntax.self)?.name.plainName == "CodingKeys"
                        }
                }
                if doubtful { entries.append(nil) }
            }
            if !entries.isEmpty { out[name] = entries }
        }
        return out
    }

    /// The type a variable or parameter the rows are passed as is declared with, when it is sure: the nearest
    /// declaration before it in its scope (`let row = Row(…)`, `let rows: [Row] = …`, a parameter `row: Row`),
    /// `Row` for `[Row]`. nil when a binding it cannot read may shadow it (`if let`, a closure's parameter, a
    /// `for` or `case` pattern), or when it is a property or a global.
    static func declaredRowType(of reference: DeclReferenceExprSyntax) -> String? {
        let name = reference.baseName.text
        /// Whether `node` binds `name` somewhere (a pattern, a closure's parameter).
        func binds(_ node: Syntax) -> Bool {
            guard node.tokens(viewMode: .sourceAccurate).contains(where: { $0.tokenKind == .identifier(name) }) else { return false }
            final class Finder: SyntaxVisitor {
                let name: String
                var found = false
                init(_ name: String) { self.name = name; super.init(viewMode: .sourceAccurate) }
                override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind {
                    if node.identifier.text == name { found = true }
                    return .skipChildren
                }
                override func visit(_ node: ClosureShorthandParameterSyntax) -> SyntaxVisitorContinueKind {
                    if node.name.text == name { found = true }
                    return .skipChildren
                }
                override func visit(_ node: ClosureParameterSyntax) -> SyntaxVisitorContinueKind {
                    if (node.secondName ?? node.firstName).text == name { found = true }
                    return .skipChildren
                }
            }
            let finder = Finder(name)
            finder.walk(node)
            return finder.found
        }
        func simpleType(_ type: TypeSyntax?) -> String? {
            guard var type else { return nil }
            if let array = type.as(ArrayTypeSyntax.self) { type = array.element }
            guard let identifier = type.as(IdentifierTypeSyntax.self), identifier.genericArgumentClause == nil else { return nil }
            let text = identifier.name.plainName
            return text.first?.isUppercase == true ? text : nil
        }
        func parameterType(_ parameters: FunctionParameterListSyntax) -> String? {
            parameters.first { ($0.secondName ?? $0.firstName).text == name }.flatMap { simpleType($0.type) }
        }
        var child = Syntax(reference)
        while let parent = child.parent {
            if let items = parent.as(CodeBlockItemListSyntax.self) {
                for item in items.prefix(while: { $0.id != child.id }).reversed() where binds(Syntax(item)) {
                    // The nearest declaration before: `let row = Row(…)` or `let row: Row`; any other binding is not followed.
                    guard let variable = item.item.as(VariableDeclSyntax.self),
                          let binding = variable.bindings.first(where: { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name })
                    else { return nil }
                    if let annotated = binding.typeAnnotation { return simpleType(annotated.type) }
                    guard let call = binding.initializer?.value.as(FunctionCallExprSyntax.self), call.trailingClosure == nil,
                          let type = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.plainName,
                          type.first?.isUppercase == true else { return nil }
                    return type
                }
            } else if let function = parent.as(FunctionDeclSyntax.self) {
                return parameterType(function.signature.parameterClause.parameters)
            } else if let initializer = parent.as(InitializerDeclSyntax.self) {
                return parameterType(initializer.signature.parameterClause.parameters)
            } else if parent.is(MemberBlockSyntax.self) || parent.is(SourceFileSyntax.self) || parent.is(AccessorBlockSyntax.self) {
                return nil
            } else if parent.children(viewMode: .sourceAccurate).contains(where: { $0.id != child.id && binds($0) }) {
                // `if let row`, `for row in`, `case let .x(row)`, `{ row in … }`, `catch let row`.
                return nil
            }
            child = parent
        }
        return nil
    }

    private final class Collector: SyntaxVisitor {
        let file: ParsedSwiftFile
        var queries: [SchemaUse] = []
        var rpcs: [RPCUse] = []

        init(file: ParsedSwiftFile) {
            self.file = file
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            guard let member = node.calledExpression.as(MemberAccessExprSyntax.self) else { return .visitChildren }
            switch member.declName.baseName.text {
            case "from": if let query = query(from: node, member) { queries.append(query) }
            case "rpc": if let rpc = rpc(node, member) { rpcs.append(rpc) }
            default: break
            }
            return .visitChildren
        }

        /// The schema a `.schema("s")` right before `.from`/`.rpc` gives: "public" without one, nil when it is not a literal.
        private func schema(before member: MemberAccessExprSyntax) -> String? {
            guard let base = member.base?.unwrapped.as(FunctionCallExprSyntax.self),
                  let link = base.calledExpression.as(MemberAccessExprSyntax.self), link.declName.baseName.text == "schema"
            else { return "public" }
            return base.arguments.first?.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue
        }

        /// The calls after `node` in its chain, through `try`, `await`, `?` and `!`: each call and its name.
        private func links(after node: FunctionCallExprSyntax) -> [(name: String, call: FunctionCallExprSyntax?)] {
            var out: [(String, FunctionCallExprSyntax?)] = []
            var outer = Syntax(node)
            while let parent = outer.parent {
                if let access = parent.as(MemberAccessExprSyntax.self), access.base?.id == outer.id {
                    let name = access.declName.baseName.text
                    if let call = access.parent?.as(FunctionCallExprSyntax.self), call.calledExpression.id == access.id {
                        out.append((name, call))
                        outer = Syntax(call)
                    } else {
                        out.append((name, nil))
                        outer = Syntax(access)
                    }
                } else if parent.is(OptionalChainingExprSyntax.self) || parent.is(ForceUnwrapExprSyntax.self)
                            || parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) {
                    outer = parent
                } else {
                    break
                }
            }
            return out
        }

        private func query(from node: FunctionCallExprSyntax, _ member: MemberAccessExprSyntax) -> SchemaUse? {
            guard node.arguments.count == 1, let argument = node.arguments.first, argument.label == nil,
                  let literal = argument.expression.as(StringLiteralExprSyntax.self),
                  let table = literal.representedLiteralValue, !table.isEmpty, !table.utf8.contains(UInt8(ascii: ".")),
                  member.base != nil, member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text != "storage",
                  member.base?.as(MemberAccessExprSyntax.self)?.declName.baseName.text != "storage",
                  let schema = schema(before: member) else { return nil }
            let links = links(after: node)
            guard let first = links.first, SchemaUseReader.verbs.contains(first.name), first.call != nil else { return nil }
            var use = SchemaUse(schema: schema, relation: table, location: file.location(of: literal))
            var selected = false
            var unreadable = false
            for (name, call) in links {
                guard let call else { continue }
                let arguments = Array(call.arguments)
                switch name {
                case "select":
                    let columns = arguments.first { $0.label == nil || $0.label?.text == "columns" }
                    if let columns {
                        guard let text = columns.expression.as(StringLiteralExprSyntax.self), let value = text.representedLiteralValue,
                              use.addSelect(value, at: file.location(of: text), locate: { self.locate($0, in: text, value: value) })
                        else { unreadable = true; continue }
                    } else {
                        use.selectsAll = true
                        use.selectedKeys = use.selectedKeys ?? []
                    }
                    selected = true
                case "insert", "upsert", "update":
                    guard let row = arguments.first(where: { $0.label == nil || $0.label?.text == "values" })?.expression else { continue }
                    let read = rows(row)
                    use.columns += read.columns.map { SchemaUse.ColumnName(name: $0.0, role: .written, location: $0.1) }
                    let verb = call.calledExpression.as(MemberAccessExprSyntax.self)?.declName
                    use.write = SchemaUse.Write(kind: SchemaUse.Write.Kind(rawValue: name)!, keys: read.keys,
                                                location: verb.map { file.location(of: $0) } ?? file.location(of: call),
                                                typeName: read.typeName)
                    if let conflict = arguments.first(where: { $0.label?.text == "onConflict" })?.expression.as(StringLiteralExprSyntax.self),
                       let value = conflict.representedLiteralValue {
                        for column in SchemaUse.conflictColumns(value) {
                            use.columns.append(.init(name: column.name, role: .conflict,
                                                     location: locate(column.offset, in: conflict, value: value) ?? file.location(of: conflict)))
                        }
                    }
                case "order":
                    if arguments.contains(where: { ["referencedTable", "foreignTable"].contains($0.label?.text) }) { continue }
                    column(arguments.first, role: .ordered, into: &use)
                case "match":
                    if let dictionary = arguments.first?.expression.as(DictionaryExprSyntax.self),
                       case .elements(let elements) = dictionary.content {
                        for element in elements {
                            if let key = element.key.as(StringLiteralExprSyntax.self), let name = key.representedLiteralValue, !name.utf8.contains(UInt8(ascii: ".")) {
                                use.columns.append(.init(name: columnName(name), role: .filtered, location: file.location(of: key)))
                            }
                        }
                    }
                case "or":
                    // `.or("a.eq.1,b.is.null")`; with `referencedTable:` its columns are an embedded resource's: not judged.
                    guard !arguments.contains(where: { ["referencedTable", "foreignTable"].contains($0.label?.text) }),
                          let filters = arguments.first(where: { $0.label == nil || $0.label?.text == "filters" }) else { continue }
                    logicColumns(filters.expression, into: &use)
                default:
                    if SchemaUseReader.filters.contains(name) { column(arguments.first, role: .filtered, into: &use) }
                }
            }
            if unreadable {
                // A select this reader cannot read for sure: nothing it returns is known.
                use.selectedKeys = nil
                use.selectsAll = false
            } else if selected, let value = links.last, value.name == "value", value.call == nil {
                use.decode = decode(at: node, links: links)
            }
            return use
        }

        /// The column a filter names in its first (unlabeled) argument, `"data->>key"` read as `data`;
        /// `"rel.column"` (a filter on an embedded resource) is left out.
        private func column(_ argument: LabeledExprSyntax?, role: SchemaUse.Role, into use: inout SchemaUse) {
            guard let argument, argument.label == nil || argument.label?.text == "column",
                  let literal = argument.expression.as(StringLiteralExprSyntax.self), let name = literal.representedLiteralValue,
                  !name.isEmpty, !name.utf8.contains(UInt8(ascii: ".")) else { return }
            use.columns.append(.init(name: columnName(name), role: role, location: locate(0, in: literal, value: name) ?? file.location(of: literal)))
        }

        /// The columns a logic tree (`.or("…")`) names, each where it is written in the literal: a plain literal
        /// whole; a single-line literal with an interpolation, or a literal `+` something, up to where the unknown part
        /// starts (`PostgRESTLogic.columns(_:open:)`). Anything else names nothing.
        private func logicColumns(_ expression: ExprSyntax, into use: inout SchemaUse) {
            var literal = expression.as(StringLiteralExprSyntax.self)
            var concatenated = false
            if literal == nil, let sequence = expression.as(SequenceExprSyntax.self) {
                let elements = Array(sequence.elements)
                if elements.count >= 3, let first = elements[0].as(StringLiteralExprSyntax.self),
                   elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "+" {
                    literal = first
                    concatenated = true
                }
            }
            guard let literal else { return }
            let text: String
            let open: Bool
            if let value = literal.representedLiteralValue {
                (text, open) = (value, concatenated)
            } else {
                // An interpolation: the source of the segments before it, when it spells them plainly.
                guard literal.openingQuote.tokenKind != .multilineStringQuote else { return }
                var prefix = ""
                for segment in literal.segments {
                    guard let plain = segment.as(StringSegmentSyntax.self) else { break }
                    prefix += plain.content.text
                }
                guard !prefix.utf8.contains(UInt8(ascii: "\\")) else { return }
                (text, open) = (prefix, true)
            }
            guard let columns = PostgRESTLogic.columns(Array(text.utf8), open: open) else { return }
            for column in columns {
                use.columns.append(.init(name: column.name, role: .filtered,
                                         location: locate(column.offset, in: literal, value: text) ?? file.location(of: literal)))
            }
        }

        /// `data->>key` → `data`, `amount::text` → `amount`.
        private func columnName(_ name: String) -> String {
            SchemaUseReader.columnName(name)
        }

        /// The columns rows name and the keys every row has (nil when some row's keys cannot all be listed); or the
        /// `Encodable` type of another file every row is (`typeName`), whose keys are joined at check time.
        private func rows(_ expression: ExprSyntax) -> (columns: [(String, ContractsCore.SourceLocation)], keys: [String]?, typeName: String?) {
            let expression = expression.unwrapped
            // A variable or parameter: the rows are of the type it is declared with (`[Row]` or `Row`).
            if let reference = expression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil,
               let type = SchemaUseReader.declaredRowType(of: reference) {
                return typedRow(type, at: Syntax(reference))
            }
            if let call = expression.as(FunctionCallExprSyntax.self), let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.plainName,
               name.first?.isUppercase == true, call.trailingClosure == nil {
                return typedRow(name, at: Syntax(call))
            }
            if let array = expression.as(ArrayExprSyntax.self) {
                var columns: [(String, ContractsCore.SourceLocation)] = []
                var keys: Set<String>?
                var known = true
                for element in array.elements {
                    let row = self.row(element.expression)
                    columns += row.columns
                    if let rowKeys = row.keys { keys = keys.map { $0.intersection(rowKeys) } ?? Set(rowKeys) } else { known = false }
                }
                return (columns, known ? (keys ?? []).sorted() : nil, nil)
            }
            let row = row(expression)
            return (row.columns, row.keys, nil)
        }

        /// Rows of the struct `name`: its keys when this file declares it, else the name, to be joined.
        private func typedRow(_ name: String, at site: Syntax) -> (columns: [(String, ContractsCore.SourceLocation)], keys: [String]?, typeName: String?) {
            guard file.types.structs[name] == nil, file.types.classes[name] == nil, file.types.enums[name] == nil else {
                guard let decl = RPCDecodeReader.nearestStruct(name, from: site, in: file),
                      let encoded = SchemaUseReader.encodedType(decl, in: file) else { return ([], nil, nil) }
                return (encoded.keys.map { ($0.key, $0.location) }, encoded.complete ? encoded.keys.map(\.key) : nil, nil)
            }
            // A type nested in another (`Feed.Row`, named `Row` in an extension of `Feed`) or of another module: the
            // join finds it only when the project declares exactly one of its name.
            return ([], nil, name)
        }

        private func row(_ expression: ExprSyntax) -> (columns: [(String, ContractsCore.SourceLocation)], keys: [String]?) {
            let expression = expression.unwrapped
            if let dictionary = expression.as(DictionaryExprSyntax.self) {
                guard case .elements(let elements) = dictionary.content else { return ([], []) }
                var columns: [(String, ContractsCore.SourceLocation)] = []
                var known = true
                for element in elements {
                    if let key = element.key.as(StringLiteralExprSyntax.self), let name = key.representedLiteralValue {
                        columns.append((name, file.location(of: key)))
                    } else {
                        known = false
                    }
                }
                return (columns, known ? columns.map(\.0) : nil)
            }
            // `Row(a: …)`: an `Encodable` struct of this file.
            if let call = expression.as(FunctionCallExprSyntax.self), let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.plainName,
               name.first?.isUppercase == true,
               let decl = RPCDecodeReader.nearestStruct(name, from: Syntax(call), in: file), let encoded = SchemaUseReader.encodedType(decl, in: file) {
                return (encoded.keys.map { ($0.key, $0.location) }, encoded.complete ? encoded.keys.map(\.key) : nil)
            }
            return ([], nil)
        }

        /// `let rows: [Row] = try await client.from("t").select("a").execute().value` (also `as [Row]`, a function
        /// returning it): the `Decodable` struct of this file it is decoded into, by the client's decoder.
        private func decode(at node: FunctionCallExprSyntax, links: [(name: String, call: FunctionCallExprSyntax?)]) -> SchemaUse.Decode? {
            guard links.count >= 2, links[links.count - 2].name == "execute", let execute = links[links.count - 2].call,
                  let access = execute.parent?.as(MemberAccessExprSyntax.self) else { return nil }
            var outer = Syntax(access)
            while let parent = outer.parent, parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) { outer = parent }
            guard let type = RPCDecodeReader.Collector.declaredType(of: outer),
                  let decl = RPCDecodeReader.nearestStruct(type, from: Syntax(node), in: file),
                  let fields = requiredFields(decl) else { return nil }
            return SchemaUse.Decode(typeName: type, match: .either,
                                    // The keys decoding cannot do without (an optional one the select never returns is
                                    // only nil; not judged here).
                                    fields: fields.filter { !$0.optional }.map { .init(key: $0.key, property: $0.property, location: $0.location) })
        }

        /// `RPCDecodeReader.requiredFields` of each struct, once: a service's queries decode into the same few rows.
        private var fieldsByStruct: [SyntaxIdentifier: [RPCDecode.Field]?] = [:]

        private func requiredFields(_ decl: StructDeclSyntax) -> [RPCDecode.Field]? {
            if let known = fieldsByStruct[decl.id] { return known }
            let fields = RPCDecodeReader.requiredFields(decl, in: file)
            fieldsByStruct[decl.id] = .some(fields)
            return fields
        }

        private func rpc(_ node: FunctionCallExprSyntax, _ member: MemberAccessExprSyntax) -> RPCUse? {
            guard let first = node.arguments.first, first.label == nil,
                  let literal = first.expression.as(StringLiteralExprSyntax.self), let name = literal.representedLiteralValue,
                  !name.isEmpty, member.base != nil, let schema = schema(before: member) else { return nil }
            var arguments: [String: ContractsCore.SourceLocation]? = [:]
            if let params = node.arguments.first(where: { $0.label?.text == "params" })?.expression {
                let read = row(params)
                arguments = read.keys.map { keys in
                    Dictionary(read.columns.filter { keys.contains($0.0) }, uniquingKeysWith: { a, _ in a })
                }
            } else if node.arguments.count > 1, node.arguments.dropFirst().first?.label == nil {
                arguments = nil
            }
            return RPCUse(schema: schema, name: name, location: file.location(of: literal), arguments: arguments)
        }

        /// Where byte `offset` of a string literal's value is in the source, when the literal spells its value
        /// plainly there (no escapes, no interpolation; a multi-line literal's lines each at the closing
        /// delimiter's indentation); nil otherwise.
        func locate(_ offset: Int, in literal: StringLiteralExprSyntax, value: String) -> ContractsCore.SourceLocation? {
            let bytes = Array(value.utf8)
            guard offset <= bytes.count else { return nil }
            let prefix = bytes[..<offset]
            let lineIndex = prefix.filter { $0 == 0x0A }.count
            let columnInLine = offset - ((prefix.lastIndex(of: 0x0A)).map { $0 + 1 } ?? 0)
            let start = file.location(of: literal)
            var candidate: ContractsCore.SourceLocation
            if literal.openingQuote.tokenKind == .multilineStringQuote {
                let indent = file.location(of: literal.closingQuote).column - 1
                candidate = .init(file: start.file, line: start.line + 1 + lineIndex, column: indent + columnInLine + 1)
            } else {
                guard lineIndex == 0 else { return nil }
                let quote = (literal.openingPounds?.text.utf8.count ?? 0) + literal.openingQuote.text.utf8.count
                candidate = .init(file: start.file, line: start.line, column: start.column + quote + offset)
            }
            // The source at the candidate must read as the value does from there to the end of its line.
            let rest = bytes[offset...].prefix { $0 != 0x0A }
            guard file.sourceBytes(line: candidate.line, column: candidate.column, count: rest.count) == Array(rest) else { return nil }
            return candidate
        }

    }
}
