import ContractsCore
import SwiftSyntax

/// The JSON keys a `Decodable` type reads, with the syntax that names each.
struct DecodedKeys {
    let keys: [(key: String, node: Syntax)]
    /// Whether the keys come from `CodingKeys` (else from stored property names, snake-cased).
    let fromCodingKeys: Bool

    /// Reads `decl`'s keys; `blocks` are every member block of the type (declaration and extensions),
    /// where a `CodingKeys` enum may live. Nil when the type is not `Decodable`/`Codable`.
    init?(_ decl: StructDeclSyntax, blocks: [MemberBlockSyntax]) {
        guard let inheritance = decl.inheritanceClause,
              inheritance.names("Decodable") || inheritance.names("Codable") else { return nil }
        let codingKeys = blocks.flatMap(\.flattenedDecls).compactMap { $0.as(EnumDeclSyntax.self) }
            .first { $0.name.plainName == "CodingKeys" }
        if let codingKeys {
            keys = codingKeys.caseEntries.compactMap { entry in entry.rawValue.map { ($0, Syntax(entry.element)) } }
            fromCodingKeys = true
        } else {
            keys = decl.memberBlock.storedPropertyNames.map { (Identifiers.snakeCase($0.identifier.plainName), Syntax($0)) }
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
}

extension StructDeclSyntax {
    /// Whether it is declared in a function or closure body (no extension can reach it).
    var isLocal: Bool {
        sequence(first: Syntax(self), next: \.parent).contains { $0.is(CodeBlockSyntax.self) || $0.is(ClosureExprSyntax.self) }
    }
}

extension MemberBlockSyntax {
    /// Names of the stored instance properties synthesized `Decodable` reads: no getter, not static,
    /// and not a `let` that already has a value.
    var storedPropertyNames: [IdentifierPatternSyntax] {
        flattenedDecls.compactMap { $0.as(VariableDeclSyntax.self) }.flatMap { decl -> [IdentifierPatternSyntax] in
            let isStatic = decl.modifiers.contains { [.keyword(.static), .keyword(.class)].contains($0.name.tokenKind) }
            let isLet = decl.bindingSpecifier.tokenKind == .keyword(.let)
            guard !isStatic else { return [] }
            return decl.bindings.compactMap { binding in
                guard let pattern = binding.pattern.as(IdentifierPatternSyntax.self) else { return nil }
                if case .getter? = binding.accessorBlock?.accessors { return nil }
                if case .accessors(let list)? = binding.accessorBlock?.accessors,
                   list.contains(where: { $0.accessorSpecifier.tokenKind == .keyword(.get) }) { return nil }
                if isLet && binding.initializer != nil { return nil }
                return pattern
            }
        }
    }
}
