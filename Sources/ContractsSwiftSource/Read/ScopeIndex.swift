import SwiftSyntax

/// The bindings, calls and assignments of one file, by scope: enough to follow a value from where it is made
/// to where it is used, within the file.
final class ScopeIndex: SyntaxVisitor {
    var calls: [FunctionCallExprSyntax] = []
    /// Name → (scope, function, 0-based index, argument label) of each parameter of a `func`.
    private var parameters: [String: [(scope: SyntaxIdentifier?, function: String, index: Int, label: String?)]] = [:]
    /// Name → (scope, initializer) of each `let`/`var`/`if let`; parameters bind with no initializer.
    private var bindings: [String: [(scope: SyntaxIdentifier?, value: ExprSyntax?)]] = [:]
    /// `name.append(x)` / `name.append(contentsOf: x)` / `name += x`: name → (scope, x).
    private var appends: [String: [(scope: SyntaxIdentifier?, value: ExprSyntax)]] = [:]
    /// `name["key"] = x`: name → (scope, key, x).
    private var assignments: [String: [(scope: SyntaxIdentifier?, key: String, value: ExprSyntax)]] = [:]
    /// `calls` by the name of the function of this file each calls (`FunctionCallExprSyntax.ownFunctionName`), in
    /// order: built once, when the walk is done, as every parameter's use asks for its function's calls.
    private lazy var callsByOwnFunctionName: [String: [FunctionCallExprSyntax]] = {
        var found: [String: [FunctionCallExprSyntax]] = [:]
        for call in calls { if let name = call.ownFunctionName { found[name, default: []].append(call) } }
        return found
    }()
    /// The `func`s of the file with a body, in source order (a protocol's requirements have none).
    private(set) var functions: [FunctionDeclSyntax] = []

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if node.body != nil { functions.append(node) }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        calls.append(node)
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "append",
           let name = member.base?.identifierName, let value = node.arguments.first?.expression {
            appends[name, default: []].append((Syntax(node).enclosingScope, value))
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
        let name = (node.secondName ?? node.firstName).plainName
        let scope = Syntax(node).enclosingScope
        bindings[name, default: []].append((scope, nil))
        if let list = node.parent?.as(FunctionParameterListSyntax.self),
           let function = list.parent?.parent?.parent?.as(FunctionDeclSyntax.self),
           let index = list.firstIndex(where: { $0.id == node.id }).map({ list.distance(from: list.startIndex, to: $0) }) {
            let label = node.firstName.tokenKind == .wildcard ? nil : node.firstName.text
            parameters[name, default: []].append((scope, function.name.plainName, index, label))
        }
        return .visitChildren
    }

    /// A closure's parameters and a `for` loop's names bind with no initializer: they shadow an outer name.
    override func visit(_ node: ClosureShorthandParameterSyntax) -> SyntaxVisitorContinueKind {
        bindings[node.name.plainName, default: []].append((Syntax(node).enclosingScope, nil))
        return .visitChildren
    }

    override func visit(_ node: ClosureParameterSyntax) -> SyntaxVisitorContinueKind {
        bindings[(node.secondName ?? node.firstName).plainName, default: []].append((Syntax(node).enclosingScope, nil))
        return .visitChildren
    }

    override func visit(_ node: ForStmtSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.plainName {
            bindings[name, default: []].append((Syntax(node).enclosingScope, nil))
        }
        return .visitChildren
    }

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.plainName {
            bindings[name, default: []].append((Syntax(node).enclosingScope, node.initializer?.value))
        }
        return .visitChildren
    }

    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.plainName, let value = node.initializer?.value {
            bindings[name, default: []].append((Syntax(node).enclosingScope, value))
        }
        return .visitChildren
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        let parts = Array(node.elements)
        guard parts.count == 3 else { return .visitChildren }
        let scope = Syntax(node).enclosingScope
        if parts[1].is(AssignmentExprSyntax.self), let target = parts[0].as(SubscriptCallExprSyntax.self),
           let name = target.calledExpression.identifierName, let key = target.literalKey?.key {
            assignments[name, default: []].append((scope, key, parts[2]))
        }
        if parts[1].as(BinaryOperatorExprSyntax.self)?.operator.text == "+=", let name = parts[0].identifierName {
            appends[name, default: []].append((scope, parts[2]))
        }
        return .visitChildren
    }

    /// The scope whose binding of `name` a use at `node` sees: the innermost scope around it that binds the
    /// name (`.some(nil)`: the file); nil when nothing in the file binds it.
    func scope(binding name: String, at node: Syntax) -> SyntaxIdentifier?? {
        guard let all = bindings[name] else { return nil }
        var current = node.parent
        while let scope = current {
            if scope.isNameScope, all.contains(where: { $0.scope == scope.id }) { return .some(scope.id) }
            current = scope.parent
        }
        return all.contains { $0.scope == nil } ? .some(nil) : nil
    }

    /// The arguments this file's calls pass for `name` when it is a parameter of a `func` scoped `scope`
    /// (by label, or by position when unlabelled).
    /// (Each asked for once: the readers that follow values ask again for every path that reaches a name.)
    func arguments(passedFor name: String, in scope: SyntaxIdentifier?) -> [ExprSyntax] {
        if let known = argumentsPassed[name]?[scope] { return known }
        let found: [ExprSyntax]
        if let parameter = (parameters[name] ?? []).first(where: { $0.scope == scope }) {
            found = (callsByOwnFunctionName[parameter.function] ?? []).compactMap { call in
                let arguments = Array(call.arguments)
                if let label = parameter.label { return arguments.first { $0.label?.text == label }?.expression }
                guard parameter.index < arguments.count, arguments[parameter.index].label == nil else { return nil }
                return arguments[parameter.index].expression
            }
        } else {
            found = []
        }
        argumentsPassed[name, default: [:]][scope] = found
        return found
    }

    private var argumentsPassed: [String: [SyntaxIdentifier?: [ExprSyntax]]] = [:]

    /// The `func` (its scope) and 0-based index of the parameter `name` a use sees in `scope`, when the function
    /// binds nothing else of that name (`let kind = …` in its body shadows the parameter).
    func parameter(_ name: String, in scope: SyntaxIdentifier?) -> (function: SyntaxIdentifier, index: Int)? {
        guard let scope, let parameter = (parameters[name] ?? []).first(where: { $0.scope == scope }),
              (bindings[name] ?? []).filter({ $0.scope == scope }).count == 1 else { return nil }
        return (scope, parameter.index)
    }

    func initializers(of name: String, in scope: SyntaxIdentifier?) -> [ExprSyntax] {
        (bindings[name] ?? []).filter { $0.scope == scope }.compactMap(\.value)
    }

    /// What is appended to `name` in `scope` or in closures and blocks nested in it (a `for` loop's body
    /// is no scope of its own here, but a `forEach` closure is).
    func appended(to name: String, in scope: SyntaxIdentifier?) -> [ExprSyntax] {
        (appends[name] ?? []).filter { $0.scope == scope || isNested($0.scope, in: scope) }.map(\.value)
    }

    func assigned(to name: String, key: String, in scope: SyntaxIdentifier?) -> [ExprSyntax] {
        (assignments[name] ?? []).filter { $0.key == key && ($0.scope == scope || isNested($0.scope, in: scope)) }.map(\.value)
    }

    /// Scopes are remembered by id only; nesting is kept per closure when it is first seen.
    private func isNested(_ inner: SyntaxIdentifier?, in outer: SyntaxIdentifier?) -> Bool {
        guard let inner, let chain = closureParents[inner] else { return false }
        return chain.contains(outer)
    }

    /// Closure scope → the scopes around it, innermost first (nil: the file).
    private var closureParents: [SyntaxIdentifier: [SyntaxIdentifier?]] = [:]

    override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind {
        var chain: [SyntaxIdentifier?] = []
        var current = Syntax(node).parent
        while let scope = current {
            if scope.isNameScope { chain.append(scope.id) }
            current = scope.parent
        }
        closureParents[Syntax(node).id] = chain + [nil]
        return .visitChildren
    }
}
