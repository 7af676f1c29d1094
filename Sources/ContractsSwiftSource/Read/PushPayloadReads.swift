import SwiftSyntax

/// The push-payload dictionaries of one file and the string keys read from them.
///
/// A push payload is a notification content's `userInfo` (`response.notification.request.content.userInfo`,
/// `content.userInfo`), a name `userInfo` the file does not bind to something else, a name declared as
/// `[AnyHashable: Any]` (the type of `userInfo`: `didReceiveRemoteNotification`'s parameter, parser functions),
/// and whatever flows from one of those: a name bound to a payload or to a value read from one
/// (`let aps = userInfo["aps"] as? [String: Any]`), and a parameter of a function of this file that a payload
/// is passed to (`handle(info)` then `func handle(_ data: [String: Any]) { data["ride_id"] }`).
///
/// Nothing else is: a `[String: Any]` row decoded from a PostgREST response or `JSONSerialization`, analytics
/// parameters, realtime records, and the `userInfo` of a NotificationCenter `Notification` (`note.userInfo`, or
/// a name bound from it) hold the app's own keys, whatever keys they read. Names are resolved in their scope
/// (function, closure, type, file): the same name may be a payload in one function and a row in another.
/// A subscript assigned to (`info["source"] = "rpc"`) writes the dictionary, so it is no read.
struct PushPayloadReads {
    /// `payload["key"]` reads, in source order.
    let reads: [(key: String, node: StringLiteralExprSyntax, subscript: SubscriptCallExprSyntax)]
    /// `payload[type.entityIdKey]` reads: the key is a property of some value, read directly or through a name
    /// bound to it (`if let key = type?.entityIdKey { payload[key] }`), in source order.
    let propertyReads: [(property: String, subscript: SubscriptCallExprSyntax)]

    /// A file that mentions neither `userInfo` nor `AnyHashable`: no payload, so no read.
    static let none = PushPayloadReads(reads: [], propertyReads: [])

    private init(reads: [(key: String, node: StringLiteralExprSyntax, subscript: SubscriptCallExprSyntax)],
                 propertyReads: [(property: String, subscript: SubscriptCallExprSyntax)]) {
        self.reads = reads
        self.propertyReads = propertyReads
    }

    init(_ file: SourceFileSyntax) {
        let collector = BindingCollector(viewMode: .sourceAccurate)
        collector.walk(file)
        let scopes = PayloadScopes(bindings: collector.bindings)
        scopes.classify(calls: collector.calls)
        reads = collector.subscripts.compactMap { call in
            guard !call.isAssigned, let key = call.literalKey, scopes.isPayload(call.calledExpression) else { return nil }
            return (key.key, key.node, call)
        }
        propertyReads = collector.subscripts.compactMap { call in
            guard !call.isAssigned, call.arguments.count == 1, let argument = call.arguments.first, argument.label == nil,
                  scopes.isPayload(call.calledExpression), let property = scopes.property(in: argument.expression)
            else { return nil }
            return (property, call)
        }
    }

    /// Whether `expr` (casts and wrapping removed) reads `key` from a push payload.
    func isRead(of key: String, _ expr: ExprSyntax) -> Bool {
        guard let call = expr.withoutCast.as(SubscriptCallExprSyntax.self) else { return false }
        return reads.contains { $0.key == key && $0.subscript.id == call.id }
    }
}

/// A name bound in a scope: a parameter, a `let`/`var`, or an `if let`/`guard let` condition.
private struct NameBinding {
    let name: String
    /// The innermost function, closure or type around the binding (the function itself for a parameter).
    let scope: SyntaxIdentifier?
    let position: AbsolutePosition
    let type: TypeSyntax?
    let value: ExprSyntax?
    /// For a parameter: the function and the parameter's index, so call sites can pass payloads into it.
    let parameter: (function: String, index: Int, label: String?)?
}

/// Decides, scope by scope, which names hold push payloads.
private final class PayloadScopes {
    let bindings: [NameBinding]
    /// Bindings by name, in source order.
    private let byName: [String: [Int]]
    /// Indexes of the bindings that hold a payload.
    private var payload = Set<Int>()

    init(bindings: [NameBinding]) {
        self.bindings = bindings
        byName = Dictionary(grouping: bindings.indices, by: { bindings[$0].name })
    }

    /// Classifies every binding, then lets payload arguments flow into parameters until nothing changes
    /// (a call may come before or after the function it calls).
    func classify(calls: [FunctionCallExprSyntax]) {
        for _ in 0..<4 {
            let before = payload
            for (i, binding) in bindings.enumerated() where !payload.contains(i) && holdsPayload(binding) {
                payload.insert(i)
            }
            for call in calls { passPayloads(of: call) }
            if payload == before { return }
        }
    }

    /// Whether `expr` is a push payload, or a value read from one.
    func isPayload(_ expr: ExprSyntax) -> Bool {
        let e = expr.beforeNilCoalescing.withoutCast
        if e.isContentUserInfo { return true }
        if let sub = e.as(SubscriptCallExprSyntax.self) { return isPayload(sub.calledExpression) }
        guard let ref = e.as(DeclReferenceExprSyntax.self) else { return false }
        let name = ref.baseName.plainName
        guard let binding = resolve(name, at: Syntax(ref)) else { return name == "userInfo" }
        return payload.contains(binding)
    }

    /// The property a key expression reads: `type.entityIdKey`, `type?.entityIdKey`, or a name bound to one.
    func property(in expr: ExprSyntax) -> String? {
        let e = expr.beforeNilCoalescing.withoutCast
        if let member = e.as(MemberAccessExprSyntax.self), member.base != nil { return member.declName.baseName.plainName }
        guard let ref = e.as(DeclReferenceExprSyntax.self), let binding = resolve(ref.baseName.plainName, at: Syntax(ref)),
              let value = bindings[binding].value?.withoutCast.as(MemberAccessExprSyntax.self), value.base != nil
        else { return nil }
        return value.declName.baseName.plainName
    }

    private func holdsPayload(_ binding: NameBinding) -> Bool {
        if let type = binding.type, type.isDictionary(keyedBy: "AnyHashable") { return true }
        if let value = binding.value {
            if isPayload(value) { return true }
            // `if let userInfo = note.userInfo`: a NotificationCenter notification's, not a push's.
            if value.withoutCast.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "userInfo" { return false }
        }
        return binding.name == "userInfo" && binding.value == nil
    }

    /// `handle(data: info)` with `info` a payload: `handle`'s parameter `data` holds one.
    private func passPayloads(of call: FunctionCallExprSyntax) {
        guard let callee = call.ownFunctionName else { return }
        for (index, argument) in call.arguments.enumerated() where isPayload(argument.expression) {
            let label = argument.label?.text
            for i in bindings.indices where !payload.contains(i) {
                // A labelled argument finds its parameter by label (defaulted ones may be left out before it).
                guard let parameter = bindings[i].parameter, parameter.function == callee, parameter.label == label,
                      label != nil || parameter.index == index else { continue }
                payload.insert(i)
            }
        }
    }

    /// The binding `name` refers to at `node`: the innermost scope around `node` that binds it, and there the
    /// last binding before `node` (or the first, for a member declared below its use).
    private func resolve(_ name: String, at node: Syntax) -> Int? {
        guard let candidates = byName[name] else { return nil }
        var scope: Syntax? = node.parent
        while let current = scope {
            if current.isNameScope {
                let here = candidates.filter { bindings[$0].scope == current.id }
                if !here.isEmpty {
                    return here.last { bindings[$0].position < node.position } ?? here.first
                }
            }
            scope = current.parent
        }
        return candidates.first { bindings[$0].scope == nil }
    }
}

/// Every binding, call and subscript of a file.
private final class BindingCollector: SyntaxVisitor {
    var bindings: [NameBinding] = []
    var calls: [FunctionCallExprSyntax] = []
    var subscripts: [SubscriptCallExprSyntax] = []

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        let function = node.name.plainName
        for (index, parameter) in node.signature.parameterClause.parameters.enumerated() {
            let label = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
            bindings.append(NameBinding(name: (parameter.secondName ?? parameter.firstName).plainName, scope: Syntax(node).id,
                                        position: node.position, type: parameter.type, value: nil,
                                        parameter: (function, index, label)))
        }
        return .visitChildren
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        for parameter in node.signature.parameterClause.parameters {
            bindings.append(NameBinding(name: (parameter.secondName ?? parameter.firstName).plainName, scope: Syntax(node).id,
                                        position: node.position, type: parameter.type, value: nil, parameter: nil))
        }
        return .visitChildren
    }

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.plainName {
            let value = node.initializer?.value
            bindings.append(NameBinding(name: name, scope: Syntax(node).enclosingScope, position: node.position,
                                        type: node.typeAnnotation?.type ?? value?.cast?.type, value: value, parameter: nil))
        }
        return .visitChildren
    }

    override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
        // `if let info {` (no initializer) rebinds the outer name to the same value: the outer binding decides.
        if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.plainName, let value = node.initializer?.value {
            bindings.append(NameBinding(name: name, scope: Syntax(node).enclosingScope, position: node.position,
                                        type: node.typeAnnotation?.type ?? value.cast?.type, value: value, parameter: nil))
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        calls.append(node)
        return .visitChildren
    }

    override func visit(_ node: SubscriptCallExprSyntax) -> SyntaxVisitorContinueKind {
        subscripts.append(node)
        return .visitChildren
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
