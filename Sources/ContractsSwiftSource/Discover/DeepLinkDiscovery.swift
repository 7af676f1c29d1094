import ContractsCore
import SwiftSyntax

/// A deep-link case built from push-payload keys somewhere in the app: `.ride(id: uuid(userInfo["ride_id"]))`.
public struct DiscoveredLinkConstruction: Sendable, Equatable {
    public var caseName: String
    /// The argument label (`id`), or `""` for an unlabelled argument.
    public var label: String
    /// The `userInfo` key the argument's value is read from.
    public var payloadKey: String
    /// The enum the context names: the base (`DeepLink.ride(…)`), the return type of the function it is returned
    /// from (`-> DeepLink?`), the type of the initializer assigning `self`, or the annotated type of the name it
    /// is bound or assigned to (`var link: DeepLink?`); nil when the context says nothing (`router.open(.ride(…))`).
    public var typeName: String?
    public var location: ContractsCore.SourceLocation
}

/// A function or initializer that turns a push payload into a value: it takes an `[AnyHashable: Any]` or reads a
/// push payload, and returns (or initializes) `typeName`: `DeepLinkParser.parse(userInfo:) -> DeepLink?`.
public struct DiscoveredPayloadBuilder: Sendable, Equatable {
    public var typeName: String
    public var location: ContractsCore.SourceLocation
}

/// What one file says about the push payloads it reads.
public struct DiscoveredPushFlow: Sendable, Equatable {
    public var constructions: [DiscoveredLinkConstruction] = []
    /// Every key the file reads from push payloads, in source order.
    public var pushKeys: [String] = []
    /// The keys whose value is decoded as the notification enum in the same statement: the type key.
    public var typeKeys: [String] = []
    public var builders: [DiscoveredPayloadBuilder] = []

    public init() {}
}

/// Finds where enum cases are constructed from push-payload reads, with the `PushPayloadReads` reader `check`
/// uses: directly in the argument (`.ride(id: uuid(userInfo["ride_id"]))`), through `.map { .ride(id: $0) }` on
/// a read, or through a name bound from a read where the name is used (`if let id = userInfo["ride_id"] ...
/// .ride(id: id)`; a name a `case .ride(let id)` pattern or a closure binds is not the read).
public enum DeepLinkDiscovery {
    /// `typeName`: the notification enum, for `typeKeys` (`NotificationType(rawValue: $0)`).
    public static func read(path: String, text: String, typeName: String?) -> DiscoveredPushFlow {
        guard SwiftNestingDepth.isBounded(text) else { return DiscoveredPushFlow() }
        let file = ParsedSwiftFile(path: path, text: text)
        let reads = file.pushReads.reads
        let collector = Collector(viewMode: .sourceAccurate)
        collector.walk(file.syntax)
        var flow = DiscoveredPushFlow()
        flow.builders = collector.builders.compactMap { builder in
            let takesPayload = builder.parameters.contains { $0.type.isDictionary(keyedBy: "AnyHashable") }
            let readsPayload = reads.contains { $0.subscript.position >= builder.body.position && $0.subscript.endPosition <= builder.body.endPosition }
            guard takesPayload || readsPayload else { return nil }
            return DiscoveredPayloadBuilder(typeName: builder.typeName, location: file.location(of: builder.node))
        }
        guard !reads.isEmpty else { return flow }
        flow.pushKeys = reads.map(\.key)
        flow.typeKeys = typeName.map { name in
            reads.filter { read in
                var node: Syntax? = Syntax(read.subscript)
                while let current = node, !current.is(CodeBlockItemSyntax.self) { node = current.parent }
                let statement = node?.trimmedDescription.replacingOccurrences(of: " ", with: "") ?? ""
                return statement.contains(name + "(rawValue:") || statement.contains(name + ".init(rawValue:")
                    || statement.contains(name + ".init)")
            }.map(\.key)
        } ?? []
        let flowing = KeyFlow(reads: reads, binders: collector.binders)
        for call in collector.calls {
            guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                  member.base == nil || member.base?.typeLikeName != nil else { continue }
            for argument in call.arguments {
                guard let key = flowing.key(of: argument.expression) else { continue }
                flow.constructions.append(DiscoveredLinkConstruction(
                    caseName: member.declName.baseName.plainName, label: argument.label?.text ?? "", payloadKey: key,
                    typeName: member.base?.typeLikeName ?? contextType(of: call, file.declaredTypes), location: file.location(of: call)))
            }
        }
        return flow
    }

    /// The type an implicit member (`.ride(…)`) is of, from where its value goes: returned from a function
    /// (through `?? …`, a ternary or a `.map { … }` closure), assigned to `self` in an initializer, or bound or
    /// assigned to a name declared with a type. As an argument of a call it is nil: the callee decides.
    static func contextType(of call: FunctionCallExprSyntax, _ declared: DeclaredTypes) -> String? {
        var node = Syntax(call)
        while let parent = node.parent {
            if let argument = parent.as(LabeledExprSyntax.self), !argument.expression.is(ClosureExprSyntax.self) { return nil }
            if parent.is(ReturnStmtSyntax.self) { return returnType(around: parent) }
            if let binding = parent.as(PatternBindingSyntax.self) { return binding.typeAnnotation?.type.unwrappedOptional.lastName }
            if let target = assignmentTarget(of: node, in: parent) {
                if target.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self) { return enclosingTypeName(of: parent) }
                let types = target.identifierName.flatMap { declared.names[$0] } ?? []
                return types.count == 1 ? types.first : nil
            }
            if let items = parent.as(CodeBlockItemListSyntax.self) {
                // Only a body's one statement is its value: a function's or getter's implicit result, or (going
                // on up) an `if`/`switch` arm's or a closure's.
                guard items.count == 1 else { return nil }
                let owner = items.parent?.is(CodeBlockSyntax.self) == true ? items.parent?.parent : items.parent
                if let owner, owner.is(FunctionDeclSyntax.self) || owner.is(AccessorDeclSyntax.self) || owner.is(AccessorBlockSyntax.self) {
                    return returnType(around: parent)
                }
                guard let owner, owner.is(SwitchCaseSyntax.self) || owner.is(IfExprSyntax.self) || owner.is(ClosureExprSyntax.self)
                else { return nil }
            }
            if parent.isNameScope, !parent.is(ClosureExprSyntax.self) { return nil }
            node = parent
        }
        return nil
    }

    /// `x = node` (folded or not): the target `x`.
    private static func assignmentTarget(of node: Syntax, in parent: Syntax) -> ExprSyntax? {
        if let infix = parent.as(InfixOperatorExprSyntax.self), infix.operator.is(AssignmentExprSyntax.self),
           infix.rightOperand.id == node.id { return infix.leftOperand }
        guard let list = parent.as(ExprListSyntax.self), list.count == 3 else { return nil }
        let parts = Array(list)
        guard parts[1].is(AssignmentExprSyntax.self), parts[2].id == node.id else { return nil }
        return parts[0]
    }

    /// The simple name of the type the function, computed property or closure around `node` returns; nil for a
    /// closure (its own result) and an initializer.
    private static func returnType(around node: Syntax) -> String? {
        var current = node.parent
        while let n = current {
            if let function = n.as(FunctionDeclSyntax.self) { return function.signature.returnClause?.type.unwrappedOptional.lastName }
            if let binding = n.as(PatternBindingSyntax.self) { return binding.typeAnnotation?.type.unwrappedOptional.lastName }
            if n.is(ClosureExprSyntax.self) || n.is(InitializerDeclSyntax.self) { return nil }
            current = n.parent
        }
        return nil
    }

    /// The enum, struct, class or extended type `node` is declared in.
    private static func enclosingTypeName(of node: Syntax) -> String? {
        var current = node.parent
        while let n = current {
            if let decl = n.as(EnumDeclSyntax.self) { return decl.name.plainName }
            if let decl = n.as(StructDeclSyntax.self) { return decl.name.plainName }
            if let decl = n.as(ClassDeclSyntax.self) { return decl.name.plainName }
            if let decl = n.as(ExtensionDeclSyntax.self) { return decl.extendedType.lastName }
            current = n.parent
        }
        return nil
    }

    /// A name, where it is visible, and the value it holds when that is known: a `let`, `var` or `if let` with a
    /// value, a closure parameter of `read.map { id in … }` (the read); nil for a parameter or a pattern's name.
    fileprivate struct Binder {
        let name: String
        let position: AbsolutePosition
        /// Where the name is visible: the `if`'s later conditions and body, the rest of the block, the `case`, the
        /// closure.
        let region: Range<AbsolutePosition>
        let value: ExprSyntax?
    }

    /// A value's push-payload key, followed through the names it is bound to.
    private struct KeyFlow {
        typealias Reads = [(key: String, node: StringLiteralExprSyntax, subscript: SubscriptCallExprSyntax)]
        let reads: Reads
        let binders: [Binder]

        /// The one key `expr` holds: read inside it, or held by the name whose value it is (`id`, `raw.flatMap(UUID.init)`).
        func key(of expr: ExprSyntax, depth: Int = 0) -> String? {
            let inside = Set(reads.filter { $0.subscript.position >= expr.position && $0.subscript.endPosition <= expr.endPosition }.map(\.key))
            if !inside.isEmpty { return inside.count == 1 ? inside.first : nil }
            guard depth < 4, let ref = DeepLinkDiscovery.valueSource(expr) else { return nil }
            return binder(of: ref)?.value.flatMap { key(of: $0, depth: depth + 1) }
        }

        /// The binding `ref` names: the latest visible one before it. `$0` is the parameter of its closure.
        private func binder(of ref: DeclReferenceExprSyntax) -> Binder? {
            let name = ref.baseName.text
            if name == "$0" {
                var node = ref.parent
                while let n = node, !n.is(ClosureExprSyntax.self) { node = n.parent }
                return node?.as(ClosureExprSyntax.self).flatMap(mappedValue).map {
                    Binder(name: name, position: ref.position, region: ref.position..<ref.endPosition, value: $0)
                }
            }
            return binders.filter { $0.name == name && $0.position < ref.position
                && $0.region.lowerBound <= ref.position && ref.endPosition <= $0.region.upperBound }.last
        }
    }

    /// The name whose value `expr` is, converted or not: `id`, `raw as? String`, `raw.flatMap(UUID.init)`,
    /// `UUID(uuidString: raw)`, `raw ?? ""`. Not a name it only uses: `userInfo[key]`, `type?.entityIdKey`.
    fileprivate static func valueSource(_ expr: ExprSyntax) -> DeclReferenceExprSyntax? {
        let e = expr.beforeNilCoalescing.withoutCast
        if let ref = e.as(DeclReferenceExprSyntax.self) { return ref }
        guard let call = e.as(FunctionCallExprSyntax.self) else { return nil }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
           ["map", "flatMap", "compactMap"].contains(member.declName.baseName.text) {
            return valueSource(base)
        }
        guard call.arguments.count == 1, let only = call.arguments.first, call.trailingClosure == nil,
              call.calledExpression.lastName?.first?.isUppercase == true || call.calledExpression.is(DeclReferenceExprSyntax.self)
        else { return nil }
        return valueSource(only.expression)
    }

    /// `base.map { … }` (or `flatMap`, `compactMap`): the closure's parameter is the value `base` holds.
    fileprivate static func mappedValue(of closure: ClosureExprSyntax) -> ExprSyntax? {
        var node = Syntax(closure).parent
        if node?.is(LabeledExprSyntax.self) == true { node = node?.parent?.parent }
        guard let call = node?.as(FunctionCallExprSyntax.self),
              let mapped = call.calledExpression.as(MemberAccessExprSyntax.self),
              ["map", "flatMap", "compactMap"].contains(mapped.declName.baseName.text) else { return nil }
        return mapped.base
    }

    /// Where a name bound at `node` is visible (its `else` left out).
    fileprivate static func region(of node: Syntax) -> Range<AbsolutePosition> {
        var current = node.parent
        while let n = current {
            if let ifExpr = n.as(IfExprSyntax.self) { return ifExpr.position..<ifExpr.body.endPosition }
            if let whileStmt = n.as(WhileStmtSyntax.self) { return whileStmt.position..<whileStmt.body.endPosition }
            if n.is(GuardStmtSyntax.self), let block = n.parent?.parent { return block.position..<block.endPosition }
            if n.is(SwitchCaseSyntax.self) || n.is(ForStmtSyntax.self) || n.is(CatchClauseSyntax.self) || n.isNameScope
                || n.is(CodeBlockItemListSyntax.self) || n.is(MemberBlockSyntax.self) { return n.position..<n.endPosition }
            current = n.parent
        }
        return node.root.position..<node.root.endPosition
    }

    private final class Collector: SyntaxVisitor {
        var calls: [FunctionCallExprSyntax] = []
        var binders: [Binder] = []
        var builders: [(typeName: String, parameters: FunctionParameterListSyntax, body: CodeBlockSyntax, node: Syntax)] = []

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            calls.append(node)
            return .visitChildren
        }

        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            if let type = node.signature.returnClause?.type.unwrappedOptional.lastName, let body = node.body {
                builders.append((type, node.signature.parameterClause.parameters, body, Syntax(node.name)))
            }
            return .visitChildren
        }

        override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
            if let type = DeepLinkDiscovery.enclosingTypeName(of: Syntax(node)), let body = node.body {
                builders.append((type, node.signature.parameterClause.parameters, body, Syntax(node.initKeyword)))
            }
            return .visitChildren
        }

        override func visit(_ node: IdentifierPatternSyntax) -> SyntaxVisitorContinueKind {
            let value: ExprSyntax?
            if let binding = node.parent?.as(PatternBindingSyntax.self) {
                value = binding.initializer?.value
            } else if let condition = node.parent?.as(OptionalBindingConditionSyntax.self) {
                // `if let id {` rebinds the outer `id` to the same value: the outer binding decides.
                guard let initializer = condition.initializer else { return .visitChildren }
                value = initializer.value
            } else {
                value = nil
            }
            add(node.identifier, value: value)
            return .visitChildren
        }

        override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
            add(node.secondName ?? node.firstName, value: nil)
            return .visitChildren
        }

        override func visit(_ node: ClosureShorthandParameterSyntax) -> SyntaxVisitorContinueKind {
            add(node.name, value: closureValue(Syntax(node)))
            return .visitChildren
        }

        override func visit(_ node: ClosureParameterSyntax) -> SyntaxVisitorContinueKind {
            add(node.secondName ?? node.firstName, value: closureValue(Syntax(node)))
            return .visitChildren
        }

        /// The value a closure's only parameter holds: what `.map` is called on.
        private func closureValue(_ parameter: Syntax) -> ExprSyntax? {
            var node = parameter.parent
            while let n = node, !n.is(ClosureExprSyntax.self) { node = n.parent }
            guard let closure = node?.as(ClosureExprSyntax.self) else { return nil }
            let count = closure.signature?.parameterClause.map { clause -> Int in
                switch clause {
                case .simpleInput(let list): return list.count
                case .parameterClause(let c): return c.parameters.count
                }
            } ?? 0
            return count == 1 ? DeepLinkDiscovery.mappedValue(of: closure) : nil
        }

        private func add(_ token: TokenSyntax, value: ExprSyntax?) {
            binders.append(Binder(name: token.text, position: token.position, region: DeepLinkDiscovery.region(of: Syntax(token)),
                                  value: value))
        }
    }
}

private extension ExprSyntax {
    /// `DeepLink` in `DeepLink.ride(…)` or `App.DeepLink.ride(…)`: a base that names a type (capitalised).
    var typeLikeName: String? {
        guard let name = lastName, name.first?.isUppercase == true, name != "Self" else { return nil }
        return name
    }
}
