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
