import SwiftSyntax

/// String literals one file uses as notification-type raw values.
///
/// A literal is a type value only in these places: `NotificationType(rawValue: "x")`; a `case "x":` of a
/// `switch` over a type value; either side of `==` / `!=` with a type value; the type key's value in a
/// dictionary assigned to a notification content's `userInfo`. A type value is the type key
/// read from a push payload (`userInfo["type"] as? String`), `.rawValue` of something declared as the enum
/// (`notification.type.rawValue`), or a name bound to one of those. Everywhere else (log messages,
/// comments, unrelated switches) a string is just a string. All of these read or compare a type, except the
/// local notification's payload, which writes one (`writes`).
struct TypeLiteralUses {
    /// Literals a type value is compared with or made from.
    let literals: [StringLiteralExprSyntax]
    /// Literals written into a local notification's payload (`content.userInfo = ["type": "x"]`).
    let writes: [StringLiteralExprSyntax]

    init(_ file: ParsedSwiftFile, enumName: String, typeKey: String, payloadReads: PushPayloadReads,
         projectTypes: DeclaredTypes) {
        let judge = TypeValueJudge(enumName: enumName, typeKey: typeKey, payloadReads: payloadReads,
                                   fileTypes: file.declaredTypes, projectTypes: projectTypes)
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

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            if judge.constructsEnum(node.calledExpression), let first = node.arguments.first,
               first.label?.text == "rawValue", let literal = first.expression.as(StringLiteralExprSyntax.self) {
                literals.append(literal)
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

/// Decides whether an expression holds a notification type's raw value.
private struct TypeValueJudge {
    let enumName: String
    let typeKey: String
    let payloadReads: PushPayloadReads
    let fileTypes: DeclaredTypes
    let projectTypes: DeclaredTypes
    /// Names bound so far to a type value (`guard let type = userInfo["type"] as? String`).
    var boundNames = Set<String>()

    func isTypeValue(_ expr: ExprSyntax) -> Bool {
        let e = expr.beforeNilCoalescing.withoutCast
        if payloadReads.isRead(of: typeKey, e) { return true }
        if let name = e.identifierName, boundNames.contains(name) { return true }
        guard let member = e.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "rawValue",
              let base = member.base?.unwrapped else { return false }
        return isEnumValue(base)
    }

    /// `x` declared as the enum, or `a.prop` where `prop` is a property declared as the enum.
    private func isEnumValue(_ expr: ExprSyntax) -> Bool {
        if let name = expr.as(DeclReferenceExprSyntax.self)?.baseName.plainName {
            return fileTypes.declares(name, as: enumName)
        }
        guard let member = expr.as(MemberAccessExprSyntax.self) else { return false }
        let prop = member.declName.baseName.plainName
        // When the base's type is known, ask that type; else every declaration of `prop` must be the enum.
        // A type holding the enum mentions the enum's name, so its file was read: an unknown owner holds none.
        if let baseName = member.base?.unwrapped.identifierName, let baseTypes = fileTypes.names[baseName],
           baseTypes.count == 1, let baseType = baseTypes.first {
            return projectTypes.members[baseType]?[prop] == enumName
        }
        return projectTypes.declares(prop, as: enumName)
    }

    /// `NotificationType(...)` or `NotificationType.init(...)`.
    func constructsEnum(_ callee: ExprSyntax) -> Bool {
        if callee.identifierName == enumName { return true }
        if let member = callee.as(MemberAccessExprSyntax.self), member.declName.baseName.tokenKind == .keyword(.`init`),
           member.base?.lastName == enumName { return true }
        return false
    }
}
