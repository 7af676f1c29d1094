import ContractsCore
import SwiftSyntax

/// A type declared under a name the search asked for: where, and what it declares beyond its cases.
///
/// `generate` and `generated-redeclared` compare an app's own declaration with the one `generate` writes: a module
/// cannot hold both, and what only the app's has must move into an extension before the app's is deleted.
public struct SwiftTypeDeclaration: Sendable, Equatable, Codable {
    /// The name as asked for: `NotificationType`, or `Expense.Category` for a type declared inside `Expense`.
    public var name: String
    /// `enum`, `struct`, `class`, `actor`, `protocol` or `typealias`.
    public var keyword: String
    /// Its name token.
    public var location: ContractsCore.SourceLocation
    /// The inheritance clause's types as written (`String`, `Codable`, `Identifiable`).
    public var conformances: [String]
    /// The members of its body, enum cases left out, each as its signature: `var title`, `static func make(from:)`,
    /// `init?(row:)`, `subscript(_:)`, `enum Kind`. In declarations read with extensions, the same file's
    /// extensions of the type add theirs.
    public var members: [String]

    public init(name: String, keyword: String, location: ContractsCore.SourceLocation, conformances: [String], members: [String]) {
        self.name = name
        self.keyword = keyword
        self.location = location
        self.conformances = conformances
        self.members = members
    }
}

extension SwiftTypeDeclaration {
    /// What this declaration has that `other` lacks: its members (`let` and `var` alike) and conformances, except
    /// those `other`'s imply (`Hashable` gives `Equatable`, `Codable` both halves, a `String` enum `Hashable`).
    public func lacking(in other: SwiftTypeDeclaration) -> (members: [String], conformances: [String]) {
        let theirs = Set(other.members.map(Self.memberKey))
        var implied = Set(other.conformances)
        if implied.contains("Hashable") { implied.insert("Equatable") }
        if implied.contains("Codable") { implied.formUnion(["Encodable", "Decodable"]) }
        if other.keyword == "enum", ["String", "Int", "Character"].contains(where: implied.contains) {
            implied.formUnion(["Equatable", "Hashable", "RawRepresentable"])
        }
        return (members.filter { !theirs.contains(Self.memberKey($0)) }, conformances.filter { !implied.contains($0) })
    }

    /// A member's signature as the compiler tells members apart: a stored `let` and a computed `var` clash all the
    /// same, and so do `init?(x:)` and `init(x:)`.
    private static func memberKey(_ member: String) -> String {
        member.replacingOccurrences(of: "let ", with: "var ").replacingOccurrences(of: "init?(", with: "init(")
            .replacingOccurrences(of: "init!(", with: "init(")
    }
}

/// Reads the type declarations of one parsed file under the asked names.
struct TypeDeclarationReader {
    /// Qualified names (`NotificationType`, `Expense.Category`).
    let names: Set<String>
    /// Whether the same file's extensions of a found type add their members (the generated side: its `extension
    /// DeepLink` blocks are part of what the generated type offers).
    let withExtensions: Bool

    func declarations(in syntax: SourceFileSyntax, location: (Syntax) -> ContractsCore.SourceLocation) -> [SwiftTypeDeclaration] {
        let collector = Collector(viewMode: .sourceAccurate)
        collector.walk(syntax)
        var found: [SwiftTypeDeclaration] = []
        for decl in collector.declarations {
            guard let qualified = Self.qualifiedName(of: decl.node, name: decl.name), names.contains(qualified) else { continue }
            found.append(SwiftTypeDeclaration(
                name: qualified, keyword: decl.keyword, location: location(decl.nameToken),
                conformances: decl.inheritance?.inheritedTypes.map(\.type.compactText) ?? [],
                members: decl.members.map(Self.signatures) ?? []))
        }
        guard withExtensions else { return found }
        for ext in collector.extensions {
            guard let qualified = Self.qualifiedName(of: Syntax(ext), name: ext.extendedType.compactText),
                  let index = found.firstIndex(where: { $0.name == qualified }) else { continue }
            found[index].members += Self.signatures(ext.memberBlock)
            found[index].conformances += ext.inheritanceClause?.inheritedTypes.map(\.type.compactText) ?? []
        }
        return found
    }

    /// `Outer.Name` for a declaration inside `Outer` (a type or an extension of it), nil for a type local to a
    /// function or closure: only a type the module can name can clash with a generated one.
    static func qualifiedName(of node: Syntax, name: String) -> String? {
        var parts = [name]
        var parent = node.parent
        while let current = parent {
            if current.is(CodeBlockSyntax.self) || current.is(ClosureExprSyntax.self) || current.is(AccessorBlockSyntax.self) {
                return nil
            }
            if let d = current.as(EnumDeclSyntax.self) { parts.insert(d.name.plainName, at: 0) }
            if let d = current.as(StructDeclSyntax.self) { parts.insert(d.name.plainName, at: 0) }
            if let d = current.as(ClassDeclSyntax.self) { parts.insert(d.name.plainName, at: 0) }
            if let d = current.as(ActorDeclSyntax.self) { parts.insert(d.name.plainName, at: 0) }
            if let d = current.as(ProtocolDeclSyntax.self) { parts.insert(d.name.plainName, at: 0) }
            if let d = current.as(ExtensionDeclSyntax.self) { parts.insert(d.extendedType.compactText, at: 0) }
            parent = current.parent
        }
        return parts.joined(separator: ".")
    }

    /// Each member's signature (cases left out: the registry owns those).
    static func signatures(_ block: MemberBlockSyntax) -> [String] {
        block.flattenedDecls.flatMap { decl -> [String] in
            let isStatic = decl.asProtocol(WithModifiersSyntax.self)?.modifiers.contains {
                $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
            } ?? false
            let prefix = isStatic ? "static " : ""
            if let v = decl.as(VariableDeclSyntax.self) {
                return v.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.plainName }
                    .map { prefix + v.bindingSpecifier.text + " " + $0 }
            }
            if let f = decl.as(FunctionDeclSyntax.self) {
                return [prefix + "func " + f.name.plainName + labels(f.signature.parameterClause)]
            }
            if let i = decl.as(InitializerDeclSyntax.self) {
                return ["init" + (i.optionalMark?.text ?? "") + labels(i.signature.parameterClause)]
            }
            if let s = decl.as(SubscriptDeclSyntax.self) { return [prefix + "subscript" + labels(s.parameterClause)] }
            if let d = decl.as(EnumDeclSyntax.self) { return ["enum " + d.name.plainName] }
            if let d = decl.as(StructDeclSyntax.self) { return ["struct " + d.name.plainName] }
            if let d = decl.as(ClassDeclSyntax.self) { return ["class " + d.name.plainName] }
            if let d = decl.as(TypeAliasDeclSyntax.self) { return ["typealias " + d.name.plainName] }
            return []
        }
    }

    /// `(from:_:)`: each parameter's argument label.
    private static func labels(_ clause: FunctionParameterClauseSyntax) -> String {
        "(" + clause.parameters.map { $0.firstName.plainName + ":" }.joined() + ")"
    }

    /// One type declaration, whatever its kind.
    struct Declared {
        let node: Syntax
        let keyword: String
        let name: String
        let nameToken: Syntax
        let inheritance: InheritanceClauseSyntax?
        let members: MemberBlockSyntax?
    }

    final class Collector: SyntaxVisitor {
        var declarations: [Declared] = []
        var extensions: [ExtensionDeclSyntax] = []

        private func add(_ node: some DeclSyntaxProtocol, _ keyword: String, _ name: TokenSyntax,
                         _ inheritance: InheritanceClauseSyntax?, _ members: MemberBlockSyntax?) {
            declarations.append(Declared(node: Syntax(node), keyword: keyword, name: name.plainName, nameToken: Syntax(name),
                                         inheritance: inheritance, members: members))
        }

        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
            add(node, "enum", node.name, node.inheritanceClause, node.memberBlock)
            return .visitChildren
        }

        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
            add(node, "struct", node.name, node.inheritanceClause, node.memberBlock)
            return .visitChildren
        }

        override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
            add(node, "class", node.name, node.inheritanceClause, node.memberBlock)
            return .visitChildren
        }

        override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
            add(node, "actor", node.name, node.inheritanceClause, node.memberBlock)
            return .visitChildren
        }

        override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind {
            add(node, "protocol", node.name, node.inheritanceClause, node.memberBlock)
            return .visitChildren
        }

        override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind {
            add(node, "typealias", node.name, nil, nil)
            return .skipChildren
        }

        override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
            extensions.append(node)
            return .visitChildren
        }
    }
}
