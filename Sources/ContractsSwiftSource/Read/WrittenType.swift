import SwiftSyntax

/// A type name as written at one place, with the types that place is nested in: enough to tell a nested enum
/// (`Expense.Category`) from another of the same simple name (`AppDiagnostics.Category`) without a type checker.
///
/// Swift looks `Category` up from the innermost type outwards, so `let c: Category` inside `struct Expense` (or an
/// `extension Expense`) is `Expense.Category` when that exists; at file level only the spelling `Expense.Category`
/// names it.
struct WrittenType: Hashable, Sendable {
    /// The types around the place, outermost first (an extension counts as the type it extends).
    let scope: [String]
    /// The name's components as written (`Expense.Category` → `Expense`, `Category`).
    let written: [String]

    /// Whether Swift's lookup from `scope` can find the type named `name` (its components, qualified as in the
    /// registry) by this spelling: the written name, looked up in the scope or one of its outer scopes, ends with
    /// `name`.
    func refers(to name: [String]) -> Bool {
        guard written.last == name.last else { return false }
        for depth in stride(from: scope.count, through: 0, by: -1) {
            let candidate = scope[..<depth] + written
            if candidate.count >= name.count, candidate.suffix(name.count).elementsEqual(name) { return true }
        }
        return false
    }

    /// One line (`Expense.Line:Category`): how the check cache keeps it.
    var packed: String { scope.joined(separator: ".") + ":" + written.joined(separator: ".") }

    init(scope: [String], written: [String]) {
        self.scope = scope
        self.written = written
    }

    /// The spelling `packed` wrote.
    init?(packed: String) {
        let halves = packed.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard halves.count == 2, !halves[1].isEmpty else { return nil }
        scope = halves[0].split(separator: ".").map(String.init)
        written = halves[1].split(separator: ".").map(String.init)
    }

    /// `type` as written at its place in the tree (optionals unwrapped); nil for shapes that name no single type.
    init?(_ type: TypeSyntax) {
        guard let written = type.unwrappedOptional.nameComponents else { return nil }
        self.init(scope: Syntax(type).enclosingTypeNames, written: written)
    }

    /// A type used as a value (`Expense.Category` in `Expense.Category(rawValue: "x")`, `.init` dropped).
    init?(callee: ExprSyntax) {
        var e = callee.unwrapped
        if let member = e.as(MemberAccessExprSyntax.self), member.declName.baseName.tokenKind == .keyword(.`init`) {
            guard let base = member.base else { return nil }
            e = base.unwrapped
        }
        guard let written = e.nameComponents else { return nil }
        self.init(scope: Syntax(callee).enclosingTypeNames, written: written)
    }
}

extension TypeSyntax {
    /// `[Expense, Category]` for `Expense.Category`, `[Category]` for `Category` (generic arguments ignored);
    /// nil for other shapes.
    var nameComponents: [String]? {
        if let t = self.as(IdentifierTypeSyntax.self) { return [t.name.plainName] }
        if let t = self.as(MemberTypeSyntax.self) { return t.baseType.nameComponents.map { $0 + [t.name.plainName] } }
        return nil
    }
}

extension ExprSyntax {
    /// `[Expense, Category]` for the expression `Expense.Category`; nil for anything but a dotted chain of names.
    var nameComponents: [String]? {
        if let ref = self.as(DeclReferenceExprSyntax.self) { return [ref.baseName.plainName] }
        if let type = self.as(TypeExprSyntax.self) { return type.type.nameComponents }
        if let member = self.as(MemberAccessExprSyntax.self), let base = member.base {
            return base.nameComponents.map { $0 + [member.declName.baseName.plainName] }
        }
        return nil
    }
}

extension Syntax {
    /// The types this node is declared or written in, outermost first: `[Expense]` inside `struct Expense { … }` or
    /// `extension Expense { … }`, `[App, Expense]` inside `extension App.Expense`.
    var enclosingTypeNames: [String] {
        var names: [String] = []
        var node = parent
        while let current = node {
            if let d = current.as(StructDeclSyntax.self) { names.insert(d.name.plainName, at: 0) }
            if let d = current.as(ClassDeclSyntax.self) { names.insert(d.name.plainName, at: 0) }
            if let d = current.as(EnumDeclSyntax.self) { names.insert(d.name.plainName, at: 0) }
            if let d = current.as(ActorDeclSyntax.self) { names.insert(d.name.plainName, at: 0) }
            if let d = current.as(ExtensionDeclSyntax.self) { names.insert(contentsOf: d.extendedType.nameComponents ?? [], at: 0) }
            node = current.parent
        }
        return names
    }
}
