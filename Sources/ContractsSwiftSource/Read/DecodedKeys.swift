import ContractsCore
import SwiftSyntax

/// The JSON keys a `Decodable` type reads, with the syntax that names each and whether it can do without it.
struct DecodedKeys {
    /// One key: `optional` when decoding does not throw without it (an optional property, or a hand-written
    /// `init(from:)` that reads it with `decodeIfPresent`).
    struct Key {
        /// The coding key's string: a `CodingKeys` case's raw value (or its name), else the property's name.
        /// The decoder matches it against the JSON's keys as sent, or as `convertFromSnakeCase` turns them.
        let codingKey: String
        let node: Syntax
        let optional: Bool

        /// Whether a JSON key `key` gives this coding key its value under `strategy`.
        func matches(_ key: String, _ strategy: RPCDecode.KeyStrategy) -> Bool {
            switch strategy {
            case .useDefaultKeys: return key == codingKey
            case .convertFromSnakeCase: return RPCDecode.convertFromSnakeCase(key) == codingKey
            case .clientDecoder: return key == codingKey || RPCDecode.convertFromSnakeCase(key) == codingKey
            }
        }
    }

    let keys: [Key]
    /// Whether the keys come from `CodingKeys` (else from stored property names).
    let fromCodingKeys: Bool

    /// Reads `decl`'s keys; `blocks` are every member block of the type (declaration and extensions),
    /// where a `CodingKeys` enum may live. Nil when the type is not `Decodable`/`Codable`.
    init?(_ decl: StructDeclSyntax, blocks: [MemberBlockSyntax]) {
        guard let inheritance = decl.inheritanceClause,
              inheritance.names("Decodable") || inheritance.names("Codable") else { return nil }
        let decls = blocks.flatMap(\.flattenedDecls)
        let codingKeys = decls.compactMap { $0.as(EnumDeclSyntax.self) }.first { $0.name.plainName == "CodingKeys" }
        let properties = decl.memberBlock.storedPropertyNames
        let optionalProperties = Set(properties.filter(\.isOptional).map { $0.identifier.plainName })
        let byHand = decls.lazy.compactMap { $0.as(InitializerDeclSyntax.self) }
            .first { $0.signature.parameterClause.parameters.first?.firstName.text == "from" }
        let handReads = byHand.map(Self.handReads) ?? [:]
        // A case (or property) is optional when the hand-written init reads it with `decodeIfPresent`, or, when
        // that init does not name it, when its property is optional.
        let isOptional = { (name: String) in handReads[name] ?? optionalProperties.contains(name) }
        if let codingKeys {
            keys = codingKeys.caseEntries.compactMap { entry in
                entry.rawValue.map { Key(codingKey: $0, node: Syntax(entry.element), optional: isOptional(entry.name)) }
            }
            fromCodingKeys = true
        } else {
            keys = properties.map { pattern in
                let name = pattern.identifier.plainName
                return Key(codingKey: name, node: Syntax(pattern), optional: isOptional(name))
            }
            fromCodingKeys = false
        }
    }

    /// Reads `decl`'s keys from its own declaration, and from `types`' extensions of its name unless `decl` is
    /// local to a function or closure (no extension can reach it): two structs of one name in one file (the
    /// `Row`s of two functions) each keep their own `CodingKeys`.
    init?(_ decl: StructDeclSyntax, in types: TypeDeclarations) {
        let extensions = decl.isLocal ? [] : (types.extensions[decl.name.plainName] ?? []).map(\.memberBlock)
        self.init(decl, blocks: [decl.memberBlock] + extensions)
    }

    /// The keys a hand-written `init(from:)` reads, by `CodingKeys` case: true for `decodeIfPresent(_:forKey: .x)`
    /// and `try? decode(...)` (absent is nil, or a default after `??`), false for `decode(_:forKey: .x)` (absent throws). A key read both
    /// ways counts as required.
    private static func handReads(_ initializer: InitializerDeclSyntax) -> [String: Bool] {
        final class Calls: SyntaxVisitor {
            var found: [FunctionCallExprSyntax] = []
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind { found.append(node); return .visitChildren }
        }
        let calls = Calls(viewMode: .sourceAccurate)
        calls.walk(initializer)
        var reads: [String: Bool] = [:]
        for call in calls.found {
            guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                  ["decode", "decodeIfPresent"].contains(member.declName.baseName.text),
                  let key = call.arguments.first(where: { $0.label?.text == "forKey" })?.expression
                    .as(MemberAccessExprSyntax.self)?.declName.baseName.text else { continue }
            let optional = member.declName.baseName.text == "decodeIfPresent"
                || call.parent?.as(TryExprSyntax.self)?.questionOrExclamationMark?.tokenKind == .postfixQuestionMark
            reads[key] = (reads[key] ?? true) && optional
        }
        return reads
    }
}

extension StructDeclSyntax {
    /// Whether it is declared in a function or closure body (no extension can reach it).
    var isLocal: Bool {
        sequence(first: Syntax(self), next: \.parent).contains { $0.is(CodeBlockSyntax.self) || $0.is(ClosureExprSyntax.self) }
    }
}

extension MemberBlockSyntax {
    /// Names of the stored instance properties synthesized `Decodable` reads: no getter, not static or lazy,
    /// and not a `let` that already has a value.
    var storedPropertyNames: [IdentifierPatternSyntax] {
        flattenedDecls.compactMap { $0.as(VariableDeclSyntax.self) }.flatMap { decl -> [IdentifierPatternSyntax] in
            let isLet = decl.bindingSpecifier.tokenKind == .keyword(.let)
            guard !decl.isLeftOutOfCodableSynthesis else { return [] }
            return decl.bindings.compactMap { binding in
                guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self), binding.storesAValue else { return nil }
                if isLet && binding.initializer != nil { return nil }
                return pattern
            }
        }
    }
}
