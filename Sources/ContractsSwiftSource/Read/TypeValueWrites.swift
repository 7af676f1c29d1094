import ContractsCore
import SwiftSyntax

/// String literals one file writes as notification-type raw values into the type column or to an emitter.
///
/// A literal is written as a type in these places only:
/// - a row: the payload key's value in a dictionary (`"kind": "x"`, `"kind": AnyEncodable("x")`,
///   `"kind": .string("x")`), or the argument of an `Encodable` type's property encoded as the payload key
///   (`NewNotification(kind: "x")`), when that dictionary or value reaches `.from("<table>").insert`, `.update`
///   or `.upsert` of the registry's table: directly, in an array, returned by a `map` closure, or through a name
///   bound, appended to or assigned (`row["kind"] = "x"`) in the same scope;
/// - the argument of a Swift emitter (`emitters.swift`) at its label or position (`sendNotification(to: id,
///   kind: "x")`), or the payload key's value in a dictionary passed there.
///
/// A dictionary with the payload key that reaches neither (an analytics event, another table's row) holds
/// some other `kind`, and a `kind:` argument of any other function is that function's business.
struct TypeValueWrites {
    /// The literals, in source order, each once.
    let literals: [StringLiteralExprSyntax]

    init(_ file: ParsedSwiftFile, set: NotificationTypeSet, emitters: [FunctionEmitter], projectTypes: DeclaredTypes) {
        let index = ScopeIndex(viewMode: .sourceAccurate)
        index.walk(file.syntax)
        let resolver = RowResolver(key: set.payloadKey, index: index, encoded: projectTypes.encoded)
        var found: [StringLiteralExprSyntax] = []
        for call in index.calls {
            if let rows = call.rowArgument(table: set.sql) {
                found += resolver.values(inRows: rows)
            }
            for emitter in emitters where call.calledExpression.lastName == emitter.function {
                guard let argument = call.argument(for: emitter) else { continue }
                found += resolver.values(of: argument) + resolver.values(inRows: argument)
            }
        }
        var seen = Set<SyntaxIdentifier>()
        literals = found.filter { seen.insert($0.id).inserted }.sorted { $0.position < $1.position }
    }
}

/// Follows rows and values through the expressions and names of one file.
private struct RowResolver {
    let key: String
    let index: ScopeIndex
    let encoded: EncodedColumns
    /// Names and `map` closures followed at most this deep (a name bound to itself must end).
    private let depthLimit = 6

    init(key: String, index: ScopeIndex, encoded: EncodedColumns) {
        self.key = key
        self.index = index
        self.encoded = encoded
    }

    /// The type literals written by the rows `expr` evaluates to.
    func values(inRows expr: ExprSyntax, depth: Int = 0) -> [StringLiteralExprSyntax] {
        guard depth < depthLimit else { return [] }
        let e = expr.withoutCast
        if let dictionary = e.as(DictionaryExprSyntax.self) {
            guard case .elements(let elements) = dictionary.content else { return [] }
            // `Array` first: a syntax collection's own `filter` builds a detached copy with other positions.
            return Array(elements).filter { $0.key.as(StringLiteralExprSyntax.self)?.representedLiteralValue == key }
                .flatMap { values(of: $0.value, depth: depth + 1) }
        }
        if let array = e.as(ArrayExprSyntax.self) {
            return array.elements.flatMap { values(inRows: $0.expression, depth: depth + 1) }
        }
        if let call = e.as(FunctionCallExprSyntax.self) {
            if let type = call.calledExpression.identifierName, let property = encoded.property(of: type, encodedAs: key) {
                return Array(call.arguments).filter { $0.label?.text == property }.flatMap { values(of: $0.expression, depth: depth + 1) }
            }
            if let closure = call.transformClosure {
                return closure.returnedExpressions.flatMap { values(inRows: $0, depth: depth + 1) }
            }
            return []
        }
        guard let ref = e.as(DeclReferenceExprSyntax.self) else { return [] }
        let name = ref.baseName.plainName
        guard let scope = index.scope(binding: name, at: Syntax(ref)) else { return [] }
        var found = index.initializers(of: name, in: scope).flatMap { values(inRows: $0, depth: depth + 1) }
        found += index.appended(to: name, in: scope).flatMap { values(inRows: $0, depth: depth + 1) }
        found += index.assigned(to: name, key: key, in: scope).flatMap { values(of: $0, depth: depth + 1) }
        return found
    }

    /// Type-erasing wrappers rows put values in (`AnyEncodable("x")`, `AnyJSON.string("x")`, `.string("x")`).
    static let wrappers: Set<String> = ["AnyEncodable", "AnyCodable", "AnyJSON", "string", "String"]

    /// The string literals `expr` evaluates to as a type value: the literal itself, a wrapped one
    /// (`AnyEncodable("x")`, `.string("x")`), either branch of `?:`, a `??` default, a local bound to one.
    func values(of expr: ExprSyntax, depth: Int = 0) -> [StringLiteralExprSyntax] {
        guard depth < depthLimit else { return [] }
        let e = expr.withoutCast
        if let literal = e.as(StringLiteralExprSyntax.self) {
            return literal.representedLiteralValue == nil ? [] : [literal]
        }
        if let call = e.as(FunctionCallExprSyntax.self), let wrapper = call.calledExpression.lastName,
           Self.wrappers.contains(wrapper), call.arguments.count == 1, let only = call.arguments.first, only.label == nil {
            return values(of: only.expression, depth: depth + 1)
        }
        if let sequence = e.as(SequenceExprSyntax.self) {
            let parts = Array(sequence.elements)
            // `a == b ? "x" : "y"` arrives unfolded: the condition's parts, `? "x" :`, then the else branch.
            if let i = parts.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }), i + 2 == parts.count,
               let ternary = parts[i].as(UnresolvedTernaryExprSyntax.self) {
                return values(of: ternary.thenExpression, depth: depth + 1) + values(of: parts[i + 1], depth: depth + 1)
            }
            if parts.count >= 3, parts[parts.count - 2].as(BinaryOperatorExprSyntax.self)?.operator.text == "??" {
                return values(of: parts[parts.count - 1], depth: depth + 1)
            }
            return []
        }
        if let ternary = e.as(TernaryExprSyntax.self) {
            return values(of: ternary.thenExpression, depth: depth + 1) + values(of: ternary.elseExpression, depth: depth + 1)
        }
        guard let ref = e.as(DeclReferenceExprSyntax.self) else { return [] }
        let name = ref.baseName.plainName
        guard let scope = index.scope(binding: name, at: Syntax(ref)) else { return [] }
        return index.initializers(of: name, in: scope).flatMap { values(of: $0, depth: depth + 1) }
    }
}

/// The bindings, calls and assignments of one file, by scope.
private final class ScopeIndex: SyntaxVisitor {
    var calls: [FunctionCallExprSyntax] = []
    /// Name → (scope, initializer) of each `let`/`var`/`if let`; parameters bind with no initializer.
    private var bindings: [String: [(scope: SyntaxIdentifier?, value: ExprSyntax?)]] = [:]
    /// `name.append(x)` / `name.append(contentsOf: x)` / `name += x`: name → (scope, x).
    private var appends: [String: [(scope: SyntaxIdentifier?, value: ExprSyntax)]] = [:]
    /// `name["key"] = x`: name → (scope, key, x).
    private var assignments: [String: [(scope: SyntaxIdentifier?, key: String, value: ExprSyntax)]] = [:]

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        calls.append(node)
        if let member = node.calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "append",
           let name = member.base?.identifierName, let value = node.arguments.first?.expression {
            appends[name, default: []].append((Syntax(node).enclosingScope, value))
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
        bindings[(node.secondName ?? node.firstName).plainName, default: []].append((Syntax(node).enclosingScope, nil))
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

extension FunctionCallExprSyntax {
    /// The rows of `.from("<table>").insert(rows)` (also `.update`, `.upsert`) when the table is the registry's.
    ///
    /// The table matches by name (`notifications`) or qualified (`public.notifications`); a `.schema("x")`
    /// earlier in the chain must name the registry's schema.
    func rowArgument(table: SQLConstraintTarget) -> ExprSyntax? {
        guard let member = calledExpression.as(MemberAccessExprSyntax.self),
              ["insert", "update", "upsert"].contains(member.declName.baseName.text),
              let first = arguments.first, first.label == nil || first.label?.text == "values" else { return nil }
        var base = member.base?.unwrapped
        var from: String?
        var schema: String?
        while let call = base?.as(FunctionCallExprSyntax.self), let link = call.calledExpression.as(MemberAccessExprSyntax.self) {
            let literal = call.arguments.first?.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue
            if link.declName.baseName.text == "from", from == nil { from = literal ?? "" }
            if link.declName.baseName.text == "schema" { schema = literal ?? "" }
            base = link.base?.unwrapped
        }
        guard let from else { return nil }
        let named = from == table.table || from == table.qualifiedTable
        guard named, schema == nil || schema == table.schema else { return nil }
        return first.expression
    }

    /// The argument an emitter takes the type in: by label, else by 1-based position.
    func argument(for emitter: FunctionEmitter) -> ExprSyntax? {
        if let label = emitter.label {
            return arguments.first { $0.label?.text == label }?.expression
        }
        guard let position = emitter.argument, position >= 1, position <= arguments.count else { return nil }
        return arguments[arguments.index(arguments.startIndex, offsetBy: position - 1)].expression
    }

    /// The closure of `xs.map { ... }` (also `compactMap`, `flatMap`), trailing or as the only argument.
    var transformClosure: ClosureExprSyntax? {
        guard let member = calledExpression.as(MemberAccessExprSyntax.self),
              ["map", "compactMap", "flatMap"].contains(member.declName.baseName.text) else { return nil }
        return trailingClosure ?? arguments.first?.expression.as(ClosureExprSyntax.self)
    }
}

extension ClosureExprSyntax {
    /// What the closure returns: its single expression, or the values of its own `return` statements.
    var returnedExpressions: [ExprSyntax] {
        if statements.count == 1, let only = statements.first?.item.as(ExprSyntax.self) { return [only] }
        let finder = ReturnFinder(viewMode: .sourceAccurate)
        finder.walk(statements)
        return finder.values
    }

    private final class ReturnFinder: SyntaxVisitor {
        var values: [ExprSyntax] = []
        override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
            if let value = node.expression { values.append(value) }
            return .skipChildren
        }
        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    }
}
