import SwiftSyntax

/// String literals one file uses as the notification contract's payload key's values: the places only the
/// notification enum has. (Where its Swift enum is made or compared, `SharedEnumTypedLiterals` reads it, as it
/// reads every enum.)
///
/// A literal is such a value only in these places: a `case "x":` of a `switch` over the payload key's value; either
/// side of `==` / `!=` with it; the payload key's value in a dictionary assigned to a notification content's
/// `userInfo`. The payload key's value is the key read from a push payload (`userInfo["type"] as? String`), or a
/// name bound to one. Everywhere else (log messages, comments, unrelated switches) a string is just a string. All
/// of these read or compare a type, except the local notification's payload, which writes one (`writes`).
struct TypeLiteralUses {
    /// Literals the payload key's value is compared with.
    let literals: [StringLiteralExprSyntax]
    /// Literals written into a local notification's payload (`content.userInfo = ["type": "x"]`).
    let writes: [StringLiteralExprSyntax]

    init(_ file: ParsedSwiftFile, typeKey: String, payloadReads: PushPayloadReads) {
        let judge = TypeValueJudge(typeKey: typeKey, payloadReads: payloadReads)
        let visitor = Collector(judge: judge)
        visitor.walk(file.syntax)
        literals = visitor.literals
        writes = visitor.writes
    }

    private final class Collector: SyntaxVisitor {
        var judge: TypeValueJudge
        var literals: [StringLiteralExprSyntax] = []
        var writes: [StringLiteralExprSyntax] = []

        init(judge: TypeValueJudge) {
            self.judge = judge
            super.init(viewMode: .sourceAccurate)
        }

        // Bindings come before their uses in source order, so one walk both learns and judges.
        override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
            if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.plainName,
               let value = node.initializer?.value, judge.isTypeValue(value) {
                judge.boundNames.insert(name)
            }
            return .visitChildren
        }

        override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
            if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.plainName,
               let value = node.initializer?.value, judge.isTypeValue(value) {
                judge.boundNames.insert(name)
            }
            return .visitChildren
        }

        override func visit(_ node: SwitchExprSyntax) -> SyntaxVisitorContinueKind {
            guard judge.isTypeValue(node.subject) else { return .visitChildren }
            for arm in node.cases.flattenedCases {
                guard case .case(let label) = arm.label else { continue }
                for item in label.caseItems {
                    if let literal = item.pattern.as(ExpressionPatternSyntax.self)?.expression
                        .as(StringLiteralExprSyntax.self) {
                        literals.append(literal)
                    }
                }
            }
            return .visitChildren
        }

        override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
            let parts = Array(node.elements)
            // `content.userInfo = ["type": "x", ...]`: a local notification's payload names its type.
            if parts.count == 3, parts[1].is(AssignmentExprSyntax.self), parts[0].isContentUserInfo,
               let dictionary = parts[2].as(DictionaryExprSyntax.self), case .elements(let elements) = dictionary.content {
                for element in elements where element.key.as(StringLiteralExprSyntax.self)?.representedLiteralValue == judge.typeKey {
                    if let literal = element.value.as(StringLiteralExprSyntax.self) { writes.append(literal) }
                }
            }
            for (i, part) in parts.enumerated() {
                guard let op = part.as(BinaryOperatorExprSyntax.self), ["==", "!="].contains(op.operator.text),
                      i > 0, i + 1 < parts.count else { continue }
                // `x as? String == "y"` arrives unfolded as `x`, `as?`, `String`, `==`, `"y"`.
                var left = parts[i - 1]
                if left.is(TypeExprSyntax.self), i >= 3, parts[i - 2].is(UnresolvedAsExprSyntax.self) { left = parts[i - 3] }
                let right = parts[i + 1]
                if let literal = right.as(StringLiteralExprSyntax.self), judge.isTypeValue(left) { literals.append(literal) }
                if let literal = left.as(StringLiteralExprSyntax.self), judge.isTypeValue(right) { literals.append(literal) }
            }
            return .visitChildren
        }
    }
}

/// Decides whether an expression holds the payload key's value read from a push.
private struct TypeValueJudge {
    let typeKey: String
    let payloadReads: PushPayloadReads
    /// Names bound so far to a type value (`guard let type = userInfo["type"] as? String`).
    var boundNames = Set<String>()

    func isTypeValue(_ expr: ExprSyntax) -> Bool {
        let e = expr.beforeNilCoalescing.withoutCast
        if payloadReads.isRead(of: typeKey, e) { return true }
        if let name = e.identifierName, boundNames.contains(name) { return true }
        return false
    }
}
