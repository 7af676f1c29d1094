import SwiftSyntax

/// String literals one file reads as a shared enum's raw values, resolved by type: each with the enum it is made
/// into or compared with.
///
/// The places, for every shared enum with a Swift enum, in one walk:
/// - `ChatRoomStatus(rawValue: "x")`, `Expense.Category(rawValue: "x")` (or `Category(rawValue: "x")` inside
///   `Expense`), `.init`;
/// - `.init(rawValue: "x")` where the type is the enum's: a binding annotated with it, an assignment to or a
///   comparison with a value declared as it;
/// - either side of `==` / `!=` with the raw value of a value declared as the enum (`room.status.rawValue`), a
///   `case "x":` of a `switch` over one, or a name bound to one.
///
/// A value is declared as the enum by its annotations (`DeclaredTypes`), as for the notification type: a name
/// counts only when every declaration of it says so.
struct SharedEnumTypedLiterals {
    struct Use {
        let literal: StringLiteralExprSyntax
        let sharedEnum: SwiftSharedEnums.Declared
        /// What the literal meets, for the message (`made with ChatRoomStatus(rawValue:)`).
        let context: String
    }

    let uses: [Use]

    init(_ file: ParsedSwiftFile, enums: SwiftSharedEnums, projectTypes: DeclaredTypes) {
        let visitor = Collector(judge: Judge(enums: enums, fileTypes: file.declaredTypes, projectTypes: projectTypes))
        visitor.walk(file.syntax)
        uses = visitor.uses
    }

    private final class Collector: SyntaxVisitor {
        var judge: Judge
        var uses: [Use] = []

        init(judge: Judge) {
            self.judge = judge
            super.init(viewMode: .sourceAccurate)
        }

        // Bindings come before their uses in source order, so one walk both learns and judges.
        override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
            if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.plainName,
               let value = node.initializer?.value, let found = judge.rawValueOf(value) {
                judge.boundNames[name] = found
            }
            return .visitChildren
        }

        override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
            if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.plainName,
               let value = node.initializer?.value, let found = judge.rawValueOf(value) {
                judge.boundNames[name] = found
            }
            return .visitChildren
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            guard let first = node.arguments.first, node.arguments.count == 1, first.label?.text == "rawValue",
                  let literal = first.expression.as(StringLiteralExprSyntax.self) else { return .visitChildren }
            if let type = WrittenType(callee: node.calledExpression), let found = judge.enums.sharedEnum(type) {
                uses.append(Use(literal: literal, sharedEnum: found, context: "made with \(found.swiftName)(rawValue:)"))
            } else if let member = node.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil,
                      member.declName.baseName.tokenKind == .keyword(.`init`), let found = judge.typeOfPosition(node) {
                uses.append(Use(literal: literal, sharedEnum: found.sharedEnum, context: found.context))
            }
            return .visitChildren
        }

        override func visit(_ node: SwitchExprSyntax) -> SyntaxVisitorContinueKind {
            guard let found = judge.rawValueOf(node.subject) else { return .visitChildren }
            for arm in node.cases.flattenedCases {
                guard case .case(let label) = arm.label else { continue }
                for item in label.caseItems {
                    if let literal = item.pattern.as(ExpressionPatternSyntax.self)?.expression.as(StringLiteralExprSyntax.self) {
                        uses.append(Use(literal: literal, sharedEnum: found.sharedEnum, context: found.context))
                    }
                }
            }
            return .visitChildren
        }

        override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
            let parts = Array(node.elements)
            for (i, part) in parts.enumerated() {
                guard let op = part.as(BinaryOperatorExprSyntax.self), ["==", "!="].contains(op.operator.text),
                      i > 0, i + 1 < parts.count else { continue }
                // `x as? String == "y"` arrives unfolded as `x`, `as?`, `String`, `==`, `"y"`.
                var left = parts[i - 1]
                if left.is(TypeExprSyntax.self), i >= 3, parts[i - 2].is(UnresolvedAsExprSyntax.self) { left = parts[i - 3] }
                let right = parts[i + 1]
                if let literal = right.as(StringLiteralExprSyntax.self), let found = judge.rawValueOf(left) {
                    uses.append(Use(literal: literal, sharedEnum: found.sharedEnum, context: found.context))
                }
                if let literal = left.as(StringLiteralExprSyntax.self), let found = judge.rawValueOf(right) {
                    uses.append(Use(literal: literal, sharedEnum: found.sharedEnum, context: found.context))
                }
            }
            return .visitChildren
        }
    }

    /// Decides which shared enum an expression is a value or a raw value of.
    private struct Judge {
        let enums: SwiftSharedEnums
        let fileTypes: DeclaredTypes
        let projectTypes: DeclaredTypes
        /// Names bound so far to a raw value (`let raw = room.status.rawValue`).
        var boundNames: [String: (sharedEnum: SwiftSharedEnums.Declared, context: String)] = [:]

        /// The enum whose raw value `expr` holds, and how to name it in a message.
        func rawValueOf(_ expr: ExprSyntax) -> (sharedEnum: SwiftSharedEnums.Declared, context: String)? {
            let e = expr.beforeNilCoalescing.withoutCast
            if let name = e.identifierName, let bound = boundNames[name] { return bound }
            guard let member = e.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "rawValue",
                  let base = member.base?.unwrapped, let found = enumOf(base) else { return nil }
            let path = e.dottedPath.map { "compared with \($0)" } ?? "compared with a \(found.swiftName) raw value"
            return (found, path)
        }

        /// `x` declared as a shared enum, or `a.prop` where `prop` is a property declared as one. A name this file
        /// does not declare, inside a type or an extension of it, is that type's property.
        func enumOf(_ expr: ExprSyntax) -> SwiftSharedEnums.Declared? {
            if let name = expr.as(DeclReferenceExprSyntax.self)?.baseName.plainName {
                if fileTypes.names[name] == nil, let owner = Syntax(expr).enclosingTypeNames.last {
                    return projectTypes.sharedEnum(member: name, of: owner, in: enums)
                }
                return fileTypes.sharedEnum(declaring: name, in: enums)
            }
            guard let member = expr.as(MemberAccessExprSyntax.self), let base = member.base?.unwrapped else { return nil }
            let prop = member.declName.baseName.plainName
            // When the base's type is known, ask that type; else every declaration of `prop` must be the enum.
            if let baseRef = base.as(DeclReferenceExprSyntax.self) {
                if baseRef.baseName.tokenKind == .keyword(.self), let owner = Syntax(expr).enclosingTypeNames.last {
                    return projectTypes.sharedEnum(member: prop, of: owner, in: enums)
                }
                if let types = fileTypes.names[baseRef.baseName.plainName], types.count == 1, let type = types.first {
                    return projectTypes.sharedEnum(member: prop, of: type, in: enums)
                }
            }
            return projectTypes.sharedEnum(declaring: prop, in: enums)
        }

        /// The enum `.init(rawValue:)` makes, from where it stands: a binding annotated with the enum, an
        /// assignment to or a comparison with a value declared as it (through `!`, `?`, `try` and `?? default`).
        func typeOfPosition(_ call: FunctionCallExprSyntax) -> (sharedEnum: SwiftSharedEnums.Declared, context: String)? {
            var node = Syntax(call)
            while let parent = node.parent {
                if parent.is(ForceUnwrapExprSyntax.self) || parent.is(OptionalChainingExprSyntax.self)
                    || parent.is(TryExprSyntax.self) || parent.is(AwaitExprSyntax.self) {
                    node = parent
                    continue
                }
                // In an unfolded sequence: `x = call`, `x == call`, `call == x` (`?? default` after it), or a whole
                // `call ?? default` standing where the call would.
                if let list = parent.as(ExprListSyntax.self), let sequence = list.parent?.as(SequenceExprSyntax.self) {
                    let parts = Array(list)
                    guard let i = parts.firstIndex(where: { $0.id == node.id }) else { return nil }
                    func op(_ at: Int) -> String? {
                        guard at >= 0, at < parts.count else { return nil }
                        if parts[at].is(AssignmentExprSyntax.self) { return "=" }
                        return parts[at].as(BinaryOperatorExprSyntax.self)?.operator.text
                    }
                    if i >= 2, ["=", "==", "!="].contains(op(i - 1)), i == 2 || op(i - 3) == "&&" || op(i - 3) == "||" {
                        return enumOf(parts[i - 2].unwrapped).map { ($0, "made with .init(rawValue:) as \($0.swiftName)") }
                    }
                    if ["==", "!="].contains(op(i + 1)), i + 2 < parts.count {
                        return enumOf(parts[i + 2].unwrapped).map { ($0, "made with .init(rawValue:) as \($0.swiftName)") }
                    }
                    guard i == 0, op(1) == "??", parts.count == 3 else { return nil }
                    node = Syntax(sequence)
                    continue
                }
                break
            }
            guard let clause = node.parent?.as(InitializerClauseSyntax.self),
                  let type = clause.parent?.as(PatternBindingSyntax.self)?.typeAnnotation?.type,
                  let written = WrittenType(type), let found = enums.sharedEnum(written) else { return nil }
            return (found, "made with .init(rawValue:) as \(found.swiftName)")
        }
    }
}

extension ExprSyntax {
    /// `room.status.rawValue` for that chain of names (through `?` and `!`); nil for any other shape.
    var dottedPath: String? {
        let e = unwrapped
        if let ref = e.as(DeclReferenceExprSyntax.self) { return ref.baseName.text }
        guard let member = e.as(MemberAccessExprSyntax.self), let base = member.base?.dottedPath else { return nil }
        return base + "." + member.declName.baseName.text
    }
}
