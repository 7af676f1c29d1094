import SwiftSyntax

/// Scopes of names, without a type checker: a name bound inside a function, closure or type is local to it.
extension Syntax {
    /// Whether names bound directly inside this node are local to it.
    var isNameScope: Bool {
        switch kind {
        case .functionDecl, .initializerDecl, .deinitializerDecl, .accessorDecl, .subscriptDecl, .closureExpr,
             .structDecl, .classDecl, .enumDecl, .actorDecl, .extensionDecl, .protocolDecl:
            return true
        default:
            return false
        }
    }

    /// The innermost scope around this node, nil at file level.
    var enclosingScope: SyntaxIdentifier? {
        var node = parent
        while let current = node {
            if current.isNameScope { return current.id }
            node = current.parent
        }
        return nil
    }
}

extension FunctionCallExprSyntax {
    /// The name of the function this file may declare that the call calls: `f(…)`, `self.f(…)`, `Self.f(…)` or
    /// `SomeType.f(…)`; nil for a method of some value (`client.insert(…)` is supabase's, not the file's `insert`).
    var ownFunctionName: String? {
        if let name = calledExpression.identifierName { return name }
        guard let member = calledExpression.as(MemberAccessExprSyntax.self), let base = member.base?.unwrapped else { return nil }
        if base.is(DeclReferenceExprSyntax.self) || base.is(TypeExprSyntax.self), let first = base.lastName?.first,
           first.isUppercase || base.lastName == "self" {
            return member.declName.baseName.plainName
        }
        return nil
    }
}
