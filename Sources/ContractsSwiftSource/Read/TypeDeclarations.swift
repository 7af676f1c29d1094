import SwiftSyntax

/// Every type declaration and extension of one file, by simple name, wherever it is nested.
///
/// Rules look types up by the names the registry gives (`NotificationType`, `BadgeCountsPayload`), which
/// real apps nest inside other types or spread over extensions.
struct TypeDeclarations {
    private(set) var enums: [String: [EnumDeclSyntax]] = [:]
    private(set) var structs: [String: [StructDeclSyntax]] = [:]
    private(set) var classes: [String: [ClassDeclSyntax]] = [:]
    /// Extensions by the last component of the extended type (`extension App.NotificationType` → `NotificationType`).
    private(set) var extensions: [String: [ExtensionDeclSyntax]] = [:]

    init(_ file: SourceFileSyntax) {
        let visitor = Collector(viewMode: .sourceAccurate)
        visitor.walk(file)
        self.init(collected: visitor)
    }

    /// What a walk of `Collector` (or a subclass reading more in the same walk) found.
    init(collected visitor: Collector) {
        enums = visitor.enums
        structs = visitor.structs
        classes = visitor.classes
        extensions = visitor.extensions
    }

    /// The member blocks that belong to type `name`: its declarations and its extensions.
    func memberBlocks(of name: String) -> [MemberBlockSyntax] {
        (enums[name] ?? []).map(\.memberBlock) + (structs[name] ?? []).map(\.memberBlock)
            + (classes[name] ?? []).map(\.memberBlock) + (extensions[name] ?? []).map(\.memberBlock)
    }

    /// Open to subclasses, so one walk can read declarations and more (`DeclaredTypes.read`).
    class Collector: SyntaxVisitor {
        var enums: [String: [EnumDeclSyntax]] = [:]
        var structs: [String: [StructDeclSyntax]] = [:]
        var classes: [String: [ClassDeclSyntax]] = [:]
        var extensions: [String: [ExtensionDeclSyntax]] = [:]

        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
            enums[node.name.plainName, default: []].append(node)
            return .visitChildren
        }

        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
            structs[node.name.plainName, default: []].append(node)
            return .visitChildren
        }

        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
            classes[node.name.plainName, default: []].append(node)
            return .visitChildren
        }

        override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
            if let name = node.extendedType.lastName { extensions[name, default: []].append(node) }
            return .visitChildren
        }
    }
}

extension TypeSyntax {
    /// The simple name a type ends in (`App.NotificationType` → `NotificationType`), nil for other shapes.
    var lastName: String? {
        if let t = self.as(IdentifierTypeSyntax.self) { return t.name.plainName }
        if let t = self.as(MemberTypeSyntax.self) { return t.name.plainName }
        return nil
    }

    /// The type's spelling without whitespace or comments (`[String : Any]?` → `[String:Any]?`).
    var compactText: String {
        trimmedDescription.filter { !$0.isWhitespace }
    }
}

extension InheritanceClauseSyntax {
    /// Whether the clause names `type` (`: String, Codable` names `String`).
    func names(_ type: String) -> Bool {
        inheritedTypes.contains { $0.type.lastName == type }
    }
}

extension MemberBlockSyntax {
    /// The member declarations, with those inside `#if` blocks flattened in (every branch: the tool
    /// cannot know the build configuration, and each branch must agree with the registry).
    var flattenedDecls: [DeclSyntax] {
        members.flatMap { item in flatten(item.decl) }
    }

    private func flatten(_ decl: DeclSyntax) -> [DeclSyntax] {
        guard let ifConfig = decl.as(IfConfigDeclSyntax.self) else { return [decl] }
        return ifConfig.clauses.flatMap { clause -> [DeclSyntax] in
            guard case .decls(let items)? = clause.elements else { return [] }
            return items.flatMap { flatten($0.decl) }
        }
    }
}
