import SwiftSyntax

/// The push-payload dictionaries of one file and the string keys read from them.
///
/// A subscript reads a push payload when its base is a notification content's `userInfo`
/// (`response.notification.request.content.userInfo`), a name `userInfo`, a name declared in this file as
/// `[AnyHashable: Any]` (the type of `userInfo`), or, in a file that handles pushes (it mentions `userInfo`
/// or the deep-link enum), a name declared or cast as `[String: Any]`. Other `[String: Any]` dictionaries
/// (realtime rows, analytics parameters) are not push payloads, and neither is the `userInfo` of a
/// NotificationCenter `Notification` (`notification.userInfo`, or a name bound from it): those keys are
/// the app's own. A subscript assigned to (`info["source"] = "rpc"`) writes the dictionary, so it is no read.
struct PushPayloadReads {
    /// `payload["key"]` reads, in source order.
    let reads: [(key: String, node: StringLiteralExprSyntax, subscript: SubscriptCallExprSyntax)]

    init(_ file: SourceFileSyntax, deepLinkEnum: String?) {
        let names = DictionaryNames(viewMode: .sourceAccurate)
        names.deepLinkEnum = deepLinkEnum
        names.walk(file)
        let handlesPush = names.mentionsPush
        let payloadNames = names.anyHashable.union(handlesPush ? names.stringAny : []).union(names.fromContent).union(["userInfo"])
            .subtracting(names.fromNotificationCenter)
        let subscripts = SubscriptCollector(viewMode: .sourceAccurate)
        subscripts.walk(file)
        reads = subscripts.found.compactMap { call in
            let base = call.calledExpression.unwrapped
            let isPayload = base.isContentUserInfo || (base.identifierName.map(payloadNames.contains) ?? false)
            guard isPayload, !call.isAssigned, let key = call.literalKey else { return nil }
            return (key.key, key.node, call)
        }
    }

    /// Whether `expr` (casts and wrapping removed) reads `key` from a push payload.
    func isRead(of key: String, _ expr: ExprSyntax) -> Bool {
        guard let call = expr.withoutCast.as(SubscriptCallExprSyntax.self) else { return false }
        return reads.contains { $0.key == key && $0.subscript.id == call.id }
    }

    private final class SubscriptCollector: SyntaxVisitor {
        var found: [SubscriptCallExprSyntax] = []
        override func visit(_ node: SubscriptCallExprSyntax) -> SyntaxVisitorContinueKind {
            found.append(node)
            return .visitChildren
        }
    }

    /// Names declared as dictionaries, and whether the file deals with pushes at all.
    private final class DictionaryNames: SyntaxVisitor {
        var deepLinkEnum: String?
        var anyHashable = Set<String>()
        var stringAny = Set<String>()
        var mentionsPush = false
        /// Names bound from a NotificationCenter notification's `userInfo`.
        var fromNotificationCenter = Set<String>()
        /// Names bound from a notification content's `userInfo`.
        var fromContent = Set<String>()

        override func visit(_ node: TokenSyntax) -> SyntaxVisitorContinueKind {
            if node.plainName == "userInfo" || (deepLinkEnum != nil && node.plainName == deepLinkEnum) { mentionsPush = true }
            return .skipChildren
        }

        override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
            record((node.secondName ?? node.firstName).plainName, type: node.type)
            return .visitChildren
        }

        override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
            if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.plainName {
                record(name, type: node.typeAnnotation?.type ?? node.initializer?.value.cast?.type, value: node.initializer?.value)
            }
            return .visitChildren
        }

        override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
            if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.plainName {
                record(name, type: node.typeAnnotation?.type ?? node.initializer?.value.cast?.type, value: node.initializer?.value)
            }
            return .visitChildren
        }

        private func record(_ name: String, type: TypeSyntax?, value: ExprSyntax? = nil) {
            if let member = value?.withoutCast.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "userInfo" {
                if ExprSyntax(member).isContentUserInfo { fromContent.insert(name) } else { fromNotificationCenter.insert(name) }
            }
            guard let type else { return }
            if type.isDictionary(keyedBy: "AnyHashable") { anyHashable.insert(name) }
            if type.isDictionary(keyedBy: "String") { stringAny.insert(name) }
        }
    }
}

extension SubscriptCallExprSyntax {
    /// `dict["key"] = value`: the subscript is the target of a plain assignment (folded or not).
    var isAssigned: Bool {
        if let infix = parent?.as(InfixOperatorExprSyntax.self) {
            return infix.leftOperand.id == id && infix.operator.is(AssignmentExprSyntax.self)
        }
        guard let list = parent?.as(ExprListSyntax.self),
              let index = list.firstIndex(where: { $0.id == id }) else { return false }
        let next = list.index(after: index)
        return next != list.endIndex && list[next].is(AssignmentExprSyntax.self)
    }
}

extension ExprSyntax {
    /// `….content.userInfo`: the payload of a `UNNotificationContent`, as opposed to a `Notification`'s.
    var isContentUserInfo: Bool {
        guard let member = unwrapped.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "userInfo" else {
            return false
        }
        return member.base?.lastName == "content"
    }
}
