import ContractsCore
import Foundation
import SwiftSyntax

/// A `Decodable` struct whose value comes from `.rpc("name")` or `functions.invoke("name")`: the keys it cannot
/// decode without.
public struct RPCDecode: Sendable, Equatable, Codable {
    /// What the app calls: a database function, or an edge function.
    public enum Callee: String, Sendable, Equatable, Codable {
        case rpc
        case edgeFunction
    }

    /// A stored property the synthesized `init(from:)` decodes.
    public struct Field: Sendable, Equatable, Codable {
        /// What the decoder matches a JSON key against: the `CodingKeys` string, else the property's name.
        public var key: String
        public var property: String
        public var location: ContractsCore.SourceLocation
        /// Declared optional (`T?`): decoding does without it, and it is nil when the key is not sent.
        public var optional = false
    }

    /// How the decoder turns the JSON's keys into the ones it matches.
    public enum KeyStrategy: String, Sendable, Equatable, Codable {
        /// `JSONDecoder`'s default: keys as sent.
        case useDefaultKeys
        /// `keyDecodingStrategy = .convertFromSnakeCase` set on the decoder.
        case convertFromSnakeCase
        /// `.execute().value`: the client's decoder, configured elsewhere; a key matches either way. Also any
        /// decoder whose strategy is not known.
        case clientDecoder
    }

    /// The RPC's name, or the edge function's (`callee`).
    public var rpc: String
    public var typeName: String
    public var strategy: KeyStrategy
    public var fields: [Field]
    /// Where the RPC is called.
    public var call: ContractsCore.SourceLocation
    public var callee: Callee = .rpc

    /// Whether a JSON object with `keys` gives `field` its value.
    public func decodes(_ field: Field, from keys: Set<String>) -> Bool {
        switch strategy {
        case .useDefaultKeys: return keys.contains(field.key)
        case .convertFromSnakeCase: return keys.contains { Self.convertFromSnakeCase($0) == field.key }
        case .clientDecoder: return keys.contains(field.key) || keys.contains { Self.convertFromSnakeCase($0) == field.key }
        }
    }

    /// The key the server would send for `field` (`pendingRequests` is sent as `pending_requests` when the
    /// decoder converts from snake_case).
    public func wireKey(_ field: Field) -> String {
        strategy == .convertFromSnakeCase ? Identifiers.snakeCase(field.key) : field.key
    }

    /// `JSONDecoder.KeyDecodingStrategy.convertFromSnakeCase`: `display_name` → `displayName`; leading and
    /// trailing underscores kept, a key without an inner underscore unchanged.
    public static func convertFromSnakeCase(_ key: String) -> String {
        let bytes = Array(key.utf8)
        // No underscore: one word, kept as it is (the common case, and the cheap one).
        guard bytes.contains(UInt8(ascii: "_")) else { return key }
        if bytes.allSatisfy({ $0 < 0x80 }) { return asciiFromSnakeCase(bytes) ?? key }
        return unicodeFromSnakeCase(key)
    }

    /// The conversion on characters (Apple's `capitalized`: a word is delimited by spaces, so `9a` stays `9a`).
    static func unicodeFromSnakeCase(_ key: String) -> String {
        guard let first = key.firstIndex(where: { $0 != "_" }) else { return key }
        let last = key.lastIndex(where: { $0 != "_" })!
        let words = key[first ... last].split(separator: "_")
        guard words.count > 1 else { return key }
        let joined = words[0].lowercased() + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst().lowercased() }.joined()
        return String(key[..<first]) + joined + String(key[key.index(after: last)...])
    }

    /// The same for an ASCII key, on bytes (nil: a single word, the key is kept).
    static func asciiFromSnakeCase(_ bytes: [UInt8]) -> String? {
        let underscore = UInt8(ascii: "_")
        guard let first = bytes.firstIndex(where: { $0 != underscore }) else { return nil }
        let last = bytes.lastIndex(where: { $0 != underscore })!
        func lower(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b + 32 : b }
        func upper(_ b: UInt8) -> UInt8 { b >= 0x61 && b <= 0x7A ? b - 32 : b }
        var out = Array(bytes[..<first])
        var words = 0
        var i = first
        while i <= last {
            if bytes[i] == underscore { i += 1; continue }
            var j = i
            while j <= last, bytes[j] != underscore { j += 1 }
            for k in i ..< j { out.append(k == i && words > 0 ? upper(bytes[k]) : lower(bytes[k])) }
            words += 1
            i = j
        }
        guard words > 1 else { return nil }
        out += bytes[(last + 1)...]
        return String(decoding: out, as: UTF8.self)
    }
}

/// What one file says about the RPC results it decodes (cached per file by `check`).
public struct RPCDecodeSummary: Sendable, Equatable, Codable {
    /// Decodes into a struct the file declares.
    public var decodes: [RPCDecode] = []
    /// Decodes into a struct of another file: no fields yet.
    public var pending: [RPCDecode] = []

    public init() {}
}

/// Finds the `Decodable` types the app decodes an RPC's result into, whatever they are named:
/// `let rows: [Row] = try await client.rpc("name", …).execute().value`, `….execute().value as [Row]`, a function
/// returning it, and `let response = try await client.rpc("name").execute()` decoded later in the same function
/// (`decoder.decode(T.self, from: response.data)`). A type is the nearest one of its name: a struct local to an
/// enclosing function first, then one of the file, then one of the project.
public enum RPCDecodeReader {
    /// The decodes in `files` (path and text): each file's `summary`, joined by `joined`.
    public static func decodes(in files: [(path: String, text: String)]) -> [RPCDecode] {
        let summaries = files.map { summary(path: $0.path, text: $0.text) }
        let wanted = Set(summaries.flatMap(\.pending).map(\.typeName))
        return joined(summaries, declared: files.map { declaredFields(path: $0.path, text: $0.text, names: wanted) })
    }

    private static let rpcCall = Array("rpc(".utf8)
    private static let invokeCall = Array("invoke(".utf8)
    /// A file without one of these decodes no RPC result or function answer (`summary`).
    public static let needles = [rpcCall, invokeCall]

    /// The decodes of one file: those whose struct it declares, and those whose struct it does not (`pending`).
    public static func summary(path: String, text: String) -> RPCDecodeSummary {
        guard SourceText.holds(rpcCall, in: text) || SourceText.holds(invokeCall, in: text),
              let file = SwiftTrees.file(path, text: text) else { return RPCDecodeSummary() }
        let collector = Collector(viewMode: .sourceAccurate)
        collector.walk(file.syntax)
        var summary = RPCDecodeSummary()
        for binding in collector.bindings {
            if let decl = nearestStruct(binding.type, from: binding.site, in: file) {
                summary.decodes += decode(binding, decl, in: file).map { [$0] } ?? []
            } else {
                summary.pending.append(RPCDecode(rpc: binding.rpc, typeName: binding.type, strategy: binding.strategy,
                                                 fields: [], call: file.location(of: binding.site), callee: binding.callee))
            }
        }
        return summary
    }

    /// The fields each struct of one file named in `names` (outside any function) cannot do without, one entry a
    /// declaration: nil for one that is not `Decodable` or decodes by hand.
    public static func declaredFields(path: String, text: String, names: Set<String>) -> [String: [[RPCDecode.Field]?]] {
        guard names.contains(where: { SourceText.holds(Array($0.utf8), in: text) }), let file = SwiftTrees.file(path, text: text)
        else { return [:] }
        var declared: [String: [[RPCDecode.Field]?]] = [:]
        for name in names {
            let decls = (file.types.structs[name] ?? []).filter { !$0.isLocal }
            if !decls.isEmpty { declared[name] = decls.map { requiredFields($0, in: file) } }
        }
        return declared
    }

    /// The files' decodes, a pending one given the fields of the one struct of its name the project declares
    /// (`declaredFields` of each file); a name declared twice (`Feed.Row`, `Chat.Row`) is left out, its type unknown.
    public static func joined(_ summaries: [RPCDecodeSummary], declared: [[String: [[RPCDecode.Field]?]]]) -> [RPCDecode] {
        let all = declared.reduce(into: [String: [[RPCDecode.Field]?]]()) { all, file in all.merge(file) { $0 + $1 } }
        return summaries.flatMap(\.decodes) + summaries.flatMap(\.pending).compactMap { decode in
            guard let found = all[decode.typeName], found.count == 1, let fields = found[0] else { return nil }
            var resolved = decode
            resolved.fields = fields
            return resolved
        }
    }

    /// The structs of `file` decoded from an RPC's result, by the RPC's name: each declared in the file, nearest
    /// to its call site, once.
    static func localDecodes(in file: ParsedSwiftFile) -> [(rpc: String, decl: StructDeclSyntax, strategy: RPCDecode.KeyStrategy)] {
        guard file.source.names("rpc") else { return [] }
        let collector = Collector(viewMode: .sourceAccurate)
        collector.walk(file.syntax)
        var seen = Set<SyntaxIdentifier>()
        return collector.bindings.compactMap { binding in
            guard binding.callee == .rpc, let decl = nearestStruct(binding.type, from: binding.site, in: file),
                  seen.insert(decl.id).inserted else { return nil }
            return (binding.rpc, decl, binding.strategy)
        }
    }

    /// One `.rpc("name")` (or `functions.invoke("name")`) whose result is decoded as `type`.
    struct Binding {
        var rpc: String
        var type: String
        var strategy: RPCDecode.KeyStrategy
        var site: Syntax
        var callee: RPCDecode.Callee = .rpc
    }

    private static func decode(_ binding: Binding, _ decl: StructDeclSyntax, in file: ParsedSwiftFile) -> RPCDecode? {
        guard let fields = requiredFields(decl, in: file) else { return nil }
        return RPCDecode(rpc: binding.rpc, typeName: binding.type, strategy: binding.strategy, fields: fields,
                         call: file.location(of: binding.site), callee: binding.callee)
    }

    /// The keys `decl`'s synthesized `init(from:)` reads, each saying whether it can do without it (`optional`);
    /// nil when it is not `Decodable` or decodes by hand (`init(from:)`), or a `CodingKeys` case is not a plain string.
    static func requiredFields(_ decl: StructDeclSyntax, in file: ParsedSwiftFile) -> [RPCDecode.Field]? {
        let extensions = decl.isLocal ? [] : (file.types.extensions[decl.name.plainName] ?? [])
        let clauses = [decl.inheritanceClause] + extensions.map(\.inheritanceClause)
        guard clauses.contains(where: { $0?.names("Decodable") == true || $0?.names("Codable") == true }) else { return nil }
        let blocks = [decl.memberBlock] + extensions.map(\.memberBlock)
        let decls = blocks.flatMap(\.flattenedDecls)
        let decodesByHand = decls.contains { decl in
            decl.as(InitializerDeclSyntax.self)?.signature.parameterClause.parameters.first?.firstName.text == "from"
        }
        guard !decodesByHand else { return nil }
        var keys: [String: String]?
        if let codingKeys = decls.compactMap({ $0.as(EnumDeclSyntax.self) }).first(where: { $0.name.plainName == "CodingKeys" }) {
            let entries = codingKeys.caseEntries
            guard entries.allSatisfy({ $0.rawValue != nil }) else { return nil }
            keys = Dictionary(entries.map { ($0.name, $0.rawValue!) }, uniquingKeysWith: { first, _ in first })
        }
        return decl.memberBlock.storedPropertyNames.compactMap { pattern in
            let name = pattern.identifier.plainName
            guard let key = keys.map({ $0[name] }) ?? name else { return nil }
            return RPCDecode.Field(key: key, property: name, location: file.location(of: pattern), optional: pattern.isOptional)
        }
    }

    /// The struct named `name` nearest to `site`: declared in a function, closure or type around it, then
    /// anywhere in the file outside a function.
    static func nearestStruct(_ name: String, from site: Syntax, in file: ParsedSwiftFile) -> StructDeclSyntax? {
        // The file declares no struct of that name, or one outside any function: the search around the site could
        // find none other (every struct of the file, wherever nested, is in `file.types`).
        let declared = file.types.structs[name] ?? []
        if declared.isEmpty { return nil }
        if declared.count == 1, !declared[0].isLocal { return declared[0] }
        var node = site.parent
        while let current = node {
            let items: [Syntax]
            if let block = current.as(CodeBlockSyntax.self) {
                items = block.statements.map { Syntax($0.item) }
            } else if let closure = current.as(ClosureExprSyntax.self) {
                items = closure.statements.map { Syntax($0.item) }
            } else if let members = current.as(MemberBlockSyntax.self) {
                items = members.flattenedDecls.map(Syntax.init)
            } else {
                items = []
            }
            if let found = items.lazy.compactMap({ $0.as(StructDeclSyntax.self) }).first(where: { $0.name.plainName == name }) {
                return found
            }
            node = current.parent
        }
        return file.types.structs[name]?.first { !$0.isLocal }
    }

    final class Collector: SyntaxVisitor {
        var bindings: [Binding] = []

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if let binding = Self.invokeBinding(node) { bindings.append(binding) }
            guard let member = node.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "rpc",
                  let first = node.arguments.first, first.label == nil,
                  let rpc = first.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue, !rpc.isEmpty
            else { return .visitChildren }
            // Up the chain `.rpc(…).select().execute().value`, through `try` and `await`.
            var outer = Syntax(node), value = false, executed = false
            while let parent = outer.parent {
                if let access = parent.as(MemberAccessExprSyntax.self), access.base?.id == outer.id {
                    value = access.declName.baseName.text == "value"
                    executed = access.declName.baseName.text == "execute"
                } else if let call = parent.as(FunctionCallExprSyntax.self), call.calledExpression.id == outer.id {
                } else if !parent.is(TryExprSyntax.self) && !parent.is(AwaitExprSyntax.self) {
                    break
                }
                outer = parent
            }
            if value, let type = Self.declaredType(of: outer) {
                bindings.append(Binding(rpc: rpc, type: type, strategy: .clientDecoder, site: Syntax(node)))
            } else if executed, let response = Self.boundName(outer) {
                bindings += Self.laterDecodes(of: response, after: outer).map {
                    Binding(rpc: rpc, type: $0.type, strategy: $0.strategy, site: Syntax(node))
                }
            }
            return .visitChildren
        }

        /// `functions.invoke("name", options: …, decoder: …)` (supabase-swift's `FunctionsClient`, also the older
        /// `invoke(functionName: "name", …)`) whose value is given a type: decoded by the `decoder:` argument, else by
        /// the client's default `JSONDecoder()`, which keeps keys as sent. A call that decodes by hand (a `decode:`
        /// closure, a trailing closure) is left out.
        static func invokeBinding(_ node: FunctionCallExprSyntax) -> Binding? {
            guard let (name, _) = node.edgeFunctionCall, !name.isEmpty,
                  node.trailingClosure == nil, !node.arguments.contains(where: { $0.label?.text == "decode" })
            else { return nil }
            var outer = Syntax(node)
            while let parent = outer.parent, parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) { outer = parent }
            guard let type = declaredType(of: outer) else { return nil }
            let strategy: RPCDecode.KeyStrategy
            if let decoder = node.arguments.first(where: { $0.label?.text == "decoder" })?.expression {
                if let call = decoder.as(FunctionCallExprSyntax.self), call.calledExpression.trimmedDescription == "JSONDecoder",
                   call.arguments.isEmpty {
                    strategy = .useDefaultKeys
                } else if let name = decoder.as(DeclReferenceExprSyntax.self)?.baseName.plainName {
                    var scope = Syntax(node).parent
                    while let current = scope, !current.isNameScope { scope = current.parent }
                    let finder = DecodeFinder(response: "")
                    if let scope { finder.walk(scope) }
                    strategy = finder.converting.contains(name) ? .convertFromSnakeCase
                        : finder.plainDecoders.contains(name) ? .useDefaultKeys : .clientDecoder
                } else {
                    strategy = .clientDecoder
                }
            } else {
                strategy = .useDefaultKeys
            }
            return Binding(rpc: name, type: type, strategy: strategy, site: Syntax(node), callee: .edgeFunction)
        }

        /// `functions` of `supabase.functions`, `client.functions`, `functions`.
        /// The type an expression's value is given: `expr as [Row]`, `let rows: [Row] = expr`, `return expr` in a
        /// function returning `[Row]`; arrays and optionals unwrapped.
        static func declaredType(of expression: Syntax) -> String? {
            if let list = expression.parent?.as(ExprListSyntax.self) {
                let elements = Array(list)
                guard let index = elements.firstIndex(where: { $0.id == expression.id }), index + 2 < elements.count,
                      elements[index + 1].is(UnresolvedAsExprSyntax.self),
                      let type = elements[index + 2].as(TypeExprSyntax.self)?.type else { return nil }
                return type.decodedName
            }
            var node = expression
            while let parent = node.parent, parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) { node = parent }
            if let binding = node.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self) {
                return binding.typeAnnotation?.type.decodedName
            }
            // `return expr`, or the one expression of a function's body.
            let implicit = node.parent?.as(CodeBlockItemSyntax.self)?.parent?.as(CodeBlockItemListSyntax.self)?.count == 1
            guard node.parent?.is(ReturnStmtSyntax.self) == true || implicit else { return nil }
            var scope = node.parent
            while let current = scope, !current.isNameScope { scope = current.parent }
            return scope?.as(FunctionDeclSyntax.self)?.signature.returnClause?.type.decodedName
        }

        /// `response` in `let response = try await expr`.
        static func boundName(_ expression: Syntax) -> String? {
            expression.parent?.as(InitializerClauseSyntax.self)?.parent?.as(PatternBindingSyntax.self)?
                .pattern.as(IdentifierPatternSyntax.self)?.identifier.plainName
        }

        /// `decoder.decode(T.self, from: response.data)` in the scope around `site`, with the key strategy the
        /// scope sets on `decoder` (a decoder configured elsewhere is left out: its strategy is unknown).
        static func laterDecodes(of response: String, after site: Syntax) -> [(type: String, strategy: RPCDecode.KeyStrategy)] {
            var scope = site.parent
            while let current = scope, !current.isNameScope { scope = current.parent }
            guard let scope else { return [] }
            let finder = DecodeFinder(response: response)
            finder.walk(scope)
            return finder.decodes.compactMap { decode in
                let strategy: RPCDecode.KeyStrategy
                if decode.decoder == nil {
                    strategy = .useDefaultKeys
                } else if finder.converting.contains(decode.decoder!) {
                    strategy = .convertFromSnakeCase
                } else if finder.plainDecoders.contains(decode.decoder!) {
                    strategy = .useDefaultKeys
                } else {
                    return nil
                }
                return (decode.type, strategy)
            }
        }
    }

    /// The decodes of one response's `data` in one scope, and the decoders the scope makes and configures.
    private final class DecodeFinder: SyntaxVisitor {
        let response: String
        /// `decoder`: nil for `JSONDecoder().decode(…)`.
        var decodes: [(type: String, decoder: String?)] = []
        /// Names bound to `JSONDecoder()` in the scope.
        var plainDecoders: Set<String> = []
        /// Names whose `keyDecodingStrategy` the scope sets to `.convertFromSnakeCase`.
        var converting: Set<String> = []

        init(response: String) {
            self.response = response
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            guard let member = node.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "decode",
                  let typeArgument = node.arguments.first, typeArgument.label == nil,
                  let from = node.arguments.first(where: { $0.label?.text == "from" }),
                  let data = from.expression.as(MemberAccessExprSyntax.self), data.declName.baseName.text == "data",
                  data.base?.as(DeclReferenceExprSyntax.self)?.baseName.plainName == response,
                  let selfAccess = typeArgument.expression.as(MemberAccessExprSyntax.self), selfAccess.declName.baseName.text == "self",
                  let base = selfAccess.base else { return .visitChildren }
            let type: String?
            if let array = base.as(ArrayExprSyntax.self), array.elements.count == 1 {
                type = array.elements.first?.expression.as(DeclReferenceExprSyntax.self)?.baseName.plainName
            } else {
                type = base.as(DeclReferenceExprSyntax.self)?.baseName.plainName
            }
            guard let type else { return .visitChildren }
            if let decoder = member.base?.as(DeclReferenceExprSyntax.self) {
                decodes.append((type, decoder.baseName.plainName))
            } else if member.base?.as(FunctionCallExprSyntax.self)?.calledExpression.trimmedDescription == "JSONDecoder" {
                decodes.append((type, nil))
            }
            return .visitChildren
        }

        override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
            let elements = Array(node.elements)
            if elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
               let target = elements[0].as(MemberAccessExprSyntax.self), target.declName.baseName.text == "keyDecodingStrategy",
               let decoder = target.base?.as(DeclReferenceExprSyntax.self)?.baseName.plainName,
               elements[2].as(MemberAccessExprSyntax.self)?.declName.baseName.text == "convertFromSnakeCase" {
                converting.insert(decoder)
            }
            return .visitChildren
        }

        override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
            if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.plainName,
               node.initializer?.value.as(FunctionCallExprSyntax.self).map({
                   $0.calledExpression.trimmedDescription == "JSONDecoder" && $0.arguments.isEmpty
               }) == true {
                plainDecoders.insert(name)
            }
            return .visitChildren
        }
    }
}

extension IdentifierPatternSyntax {
    /// Whether the stored property it names is declared optional (`String?`, `Optional<String>`, `String!`).
    var isOptional: Bool {
        guard let type = parent?.as(PatternBindingSyntax.self)?.typeAnnotation?.type else { return false }
        return type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self)
            || type.as(IdentifierTypeSyntax.self)?.name.text == "Optional"
    }
}

extension TypeSyntax {
    /// The element type a decode names: `[Row]`, `Row?`, `[Row]?`, `Array<Row>` → `Row`.
    var decodedName: String? {
        if let optional = self.as(OptionalTypeSyntax.self) { return optional.wrappedType.decodedName }
        if let array = self.as(ArrayTypeSyntax.self) { return array.element.decodedName }
        if let identifier = self.as(IdentifierTypeSyntax.self), identifier.name.text == "Array",
           let element = identifier.genericArgumentClause?.arguments.first {
            return element.argument.as(TypeSyntax.self)?.decodedName
        }
        return lastName
    }
}
