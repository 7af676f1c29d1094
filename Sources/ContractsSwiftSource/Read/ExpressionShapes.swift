import SwiftSyntax

extension ExprSyntax {
    /// The expression without wrapping that does not change what it reads: parentheses, `?`, `!`, `try`, `await`.
    var unwrapped: ExprSyntax {
        if let e = self.as(OptionalChainingExprSyntax.self) { return e.expression.unwrapped }
        if let e = self.as(ForceUnwrapExprSyntax.self) { return e.expression.unwrapped }
        if let e = self.as(TryExprSyntax.self) { return e.expression.unwrapped }
        if let e = self.as(AwaitExprSyntax.self) { return e.expression.unwrapped }
        if let e = self.as(TupleExprSyntax.self), e.elements.count == 1, let only = e.elements.first, only.label == nil {
            return only.expression.unwrapped
        }
        return self
    }

    /// `x as? T` / `x as! T` / `x as T` split into operand and type, in either the parser's unfolded form
    /// (a sequence `x`, `as?`, `T`) or a folded `AsExprSyntax`.
    var cast: (operand: ExprSyntax, type: TypeSyntax)? {
        let e = unwrapped
        if let folded = e.as(AsExprSyntax.self) { return (folded.expression, folded.type) }
        guard let sequence = e.as(SequenceExprSyntax.self), sequence.elements.count == 3 else { return nil }
        let parts = Array(sequence.elements)
        guard parts[1].is(UnresolvedAsExprSyntax.self), let type = parts[2].as(TypeExprSyntax.self) else { return nil }
        return (parts[0], type.type)
    }

    /// The expression with a trailing cast removed (`userInfo["type"] as? String` → `userInfo["type"]`).
    var withoutCast: ExprSyntax { cast?.operand.unwrapped ?? unwrapped }

    /// The value before a `??` default (`userInfo["type"] as? String ?? ""` → `userInfo["type"] as? String`).
    var beforeNilCoalescing: ExprSyntax {
        guard let sequence = unwrapped.as(SequenceExprSyntax.self),
              let split = sequence.elements.firstIndex(where: { $0.as(BinaryOperatorExprSyntax.self)?.operator.text == "??" })
        else { return self }
        let head = Array(sequence.elements[..<split])
        if head.count == 1 { return head[0] }
        if head.count == 3, head[1].is(UnresolvedAsExprSyntax.self) { return head[0] }
        return self
    }

    /// The identifier this expression is, if it is a bare name.
    var identifierName: String? { unwrapped.as(DeclReferenceExprSyntax.self)?.baseName.plainName }

    /// The name an expression ends in: `x` for `x`, `userInfo` for `response.notification.request.content.userInfo`.
    var lastName: String? {
        let e = unwrapped
        if let ref = e.as(DeclReferenceExprSyntax.self) { return ref.baseName.plainName }
        if let member = e.as(MemberAccessExprSyntax.self) { return member.declName.baseName.plainName }
        return nil
    }
}

extension SubscriptCallExprSyntax {
    /// The string-literal key of `x["key"]`, nil for any other subscript.
    var literalKey: (key: String, node: StringLiteralExprSyntax)? {
        guard arguments.count == 1, let argument = arguments.first, argument.label == nil,
              let literal = argument.expression.as(StringLiteralExprSyntax.self),
              let key = literal.representedLiteralValue else { return nil }
        return (key, literal)
    }
}

extension TypeSyntax {
    /// Whether this is a JSON-object dictionary type (`[AnyHashable: Any]`, `[String: Any]`, optional or not).
    ///
    /// Asked of every annotated name in a file, so the shape is checked before any text is built.
    func isDictionary(keyedBy key: String) -> Bool {
        var type = self
        if let optional = type.as(OptionalTypeSyntax.self) {
            type = optional.wrappedType
        } else if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            type = unwrapped.wrappedType
        }
        if let dictionary = type.as(DictionaryTypeSyntax.self) {
            return dictionary.key.compactText == key && dictionary.value.compactText == "Any"
        }
        guard let generic = type.as(IdentifierTypeSyntax.self), generic.name.text == "Dictionary" else { return false }
        return type.compactText == "Dictionary<\(key),Any>"
    }
}
