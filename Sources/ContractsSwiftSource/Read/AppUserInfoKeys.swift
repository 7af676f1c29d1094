import SwiftSyntax

/// Keys the app writes into a notification content's `userInfo` itself, for a local notification it schedules
/// (`content.userInfo = ["event_title": title]`, `content.userInfo["event_date"] = date`).
///
/// A read of such a key (`userInfo["event_title"]` in the delegate that handles every notification) reads what
/// the app put there, not what a server sent: it is judged by neither push-key rule.
enum AppUserInfoKeys {
    /// The string keys written to a `….userInfo` in `file`.
    static func collect(in file: SourceFileSyntax) -> Set<String> {
        let visitor = Collector(viewMode: .sourceAccurate)
        visitor.walk(file)
        return visitor.keys
    }

    private final class Collector: SyntaxVisitor {
        var keys = Set<String>()

        /// `x.userInfo = [ "k": v, ... ]`
        override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
            guard node.declName.baseName.text == "userInfo", let value = assignedValue(of: Syntax(node)),
                  let dictionary = value.as(DictionaryExprSyntax.self),
                  case .elements(let elements) = dictionary.content else { return .visitChildren }
            for element in elements {
                if let key = element.key.as(StringLiteralExprSyntax.self)?.representedLiteralValue { keys.insert(key) }
            }
            return .visitChildren
        }

        /// `x.userInfo["k"] = v`
        override func visit(_ node: SubscriptCallExprSyntax) -> SyntaxVisitorContinueKind {
            if node.isAssigned, let member = node.calledExpression.as(MemberAccessExprSyntax.self),
               member.declName.baseName.text == "userInfo", let key = node.literalKey?.key {
                keys.insert(key)
            }
            return .visitChildren
        }

        /// The right-hand side when `target` is the left-hand side of a plain assignment (folded or not).
        private func assignedValue(of target: Syntax) -> ExprSyntax? {
            if let infix = target.parent?.as(InfixOperatorExprSyntax.self), infix.leftOperand.id == target.id,
               infix.operator.is(AssignmentExprSyntax.self) {
                return infix.rightOperand
            }
            guard let list = target.parent?.as(ExprListSyntax.self),
                  let index = list.firstIndex(where: { $0.id == target.id }) else { return nil }
            let op = list.index(after: index)
            guard op != list.endIndex, list[op].is(AssignmentExprSyntax.self) else { return nil }
            let value = list.index(after: op)
            return value != list.endIndex ? list[value] : nil
        }
    }
}
