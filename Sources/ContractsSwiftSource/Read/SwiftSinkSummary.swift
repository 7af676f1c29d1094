import ContractsCore
import SwiftSyntax

/// One file's share of the project's sinks: each `func` it declares, and where each parameter's value goes when
/// it is written as a notification type.
///
/// A parameter reaches the type column directly (`["kind": kind]` or a row type of this file, inserted into the
/// registry's table), through a row type another file declares (`ScheduledRow(kind: kind)`: a sink once the
/// project's row types say `kind` is the type key), or through a call (`notifier.send(kind: kind)`: a sink when
/// that function's parameter is one, or an emitter's). Which is known only when every file is read
/// (`SwiftSinks`); a file's summary depends on the file alone, so the check cache keeps it with the file's types.
/// Functions that reach nothing are kept too: a same-named method of another type must not be taken for a sink.
struct SwiftSinkSummary: Codable, Sendable, Equatable {
    /// The summary's layout, part of the cache key of every file's first pass.
    static let layout = "sinks-2"

    var functions: [Function] = []

    /// A `func` with a body: its type (an extension's counts as the type), name and parameters.
    struct Function: Codable, Sendable, Equatable {
        var owner: String?
        var name: String
        var parameters: [Parameter]

        init(owner: String?, name: String, parameters: [Parameter]) {
            self.owner = owner
            self.name = name
            self.parameters = parameters
        }

        /// `decl` as declared, each parameter's reaches from `reaches` (by 0-based index).
        init(_ decl: FunctionDeclSyntax, reaches: (Int) -> [Reach] = { _ in [] }) {
            self.init(owner: Syntax(decl).enclosingTypeNames.last, name: decl.name.plainName,
                      parameters: decl.signature.parameterClause.parameters.enumerated().map { i, parameter in
                          Parameter(label: parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text,
                                    defaulted: parameter.defaultValue != nil, reaches: reaches(i))
                      })
        }

        /// `Owner.name(label:_:)`: the function's identity across files.
        var key: String {
            (owner.map { $0 + "." } ?? "") + name + "(" + parameters.map { ($0.label ?? "_") + ":" }.joined() + ")"
        }
    }

    struct Parameter: Codable, Sendable, Equatable {
        /// The argument label; nil for `_`.
        var label: String?
        /// Whether the parameter has a default value (a call may leave it out).
        var defaulted: Bool
        /// Where the parameter's value is written as a type, each once.
        var reaches: [Reach]
    }

    enum Reach: Codable, Sendable, Hashable {
        /// Into the type column of a row this file's types describe (or a dictionary with the type key).
        case column
        /// As the property `property` of a row type `type` declared elsewhere.
        case row(type: String, property: String)
        /// As the argument at `argument` (0-based) of a call.
        case call(CallShape, argument: Int)
    }

    init() {}

    init(functions: [Function]) { self.functions = functions }

    /// Reads `file`'s functions; only a file that writes rows into `set`'s table or calls something can reach a sink.
    init(_ file: ParsedSwiftFile, set: NotificationTypeSet) {
        let index = ScopeIndex(viewMode: .sourceAccurate)
        index.walk(file.syntax)
        guard !index.functions.isEmpty else { return }
        let hits = ParameterHits()
        let resolver = RowResolver(key: set.payloadKey, index: index, encoded: file.declaredTypes.encoded, hits: hits)
        let tables = set.rowTargets.map { target in
            (target.table, target.key == set.payloadKey
                ? resolver : RowResolver(key: target.key, index: index, encoded: file.declaredTypes.encoded, hits: hits))
        }
        for call in index.calls {
            // Only a value inside a `func` with parameters can come from a parameter: a view's `body`, a
            // property's initializer or a parameterless method reach none, however many calls they make.
            guard Self.insideFunctionWithParameters(call) else { continue }
            if let (rows, rowResolver) = tables.lazy.compactMap({ table, r in call.rowArgument(table: table).map { ($0, r) } }).first {
                hits.noting(.column) { _ = rowResolver.values(inRows: rows) }
                continue
            }
            guard call.calledExpression.lastName != nil else { continue }
            // The call's shape (its receiver's type takes a search) only once an argument reaches a parameter.
            var shape: CallShape?
            for (i, argument) in call.arguments.enumerated() {
                hits.noting({
                    let made = shape ?? CallShape(call, index: index, types: file.declaredTypes)
                    shape = made
                    return .call(made, argument: i)
                }) { _ = resolver.values(of: argument.expression) }
            }
        }
        functions = index.functions.map { decl in Function(decl) { hits.reaches(decl.id, $0) } }
    }
}

extension SwiftSinkSummary {
    /// Whether `call` is in the body of a `func` (or of one nested in it) that has parameters.
    static func insideFunctionWithParameters(_ call: FunctionCallExprSyntax) -> Bool {
        var node = call.parent
        while let current = node {
            if let function = current.as(FunctionDeclSyntax.self), !function.signature.parameterClause.parameters.isEmpty {
                return true
            }
            node = current.parent
        }
        return false
    }
}

/// Where a call goes, as far as one file can tell: the function's name, the labels it passes, and the type of the
/// value it is called on.
struct CallShape: Codable, Sendable, Hashable {
    var name: String
    /// The labels of its arguments in order (nil: unlabelled); a trailing closure is not among them.
    var labels: [String?]
    var trailingClosure: Bool
    var receiver: Receiver

    enum Receiver: Codable, Sendable, Hashable {
        /// A value or type known to be of this type (`self.f()`, `Service.f()`, `vm.f()` with `vm = VM()`).
        case type(String)
        /// No receiver (`f()`): a method of the type around the call (nil: none), else a global function.
        case implicit(String?)
        /// A value of a type this reader cannot tell.
        case unknown
    }

    init(name: String, labels: [String?], trailingClosure: Bool, receiver: Receiver) {
        self.name = name
        self.labels = labels
        self.trailingClosure = trailingClosure
        self.receiver = receiver
    }

    /// `call`'s shape; the receiver from the names `types` and `index` bind in its file.
    init(_ call: FunctionCallExprSyntax, index: ScopeIndex, types: DeclaredTypes) {
        name = call.calledExpression.lastName ?? ""
        labels = call.arguments.map { $0.label?.text }
        trailingClosure = call.trailingClosure != nil
        receiver = Self.receiver(of: call, index: index, types: types)
    }

    private static func receiver(of call: FunctionCallExprSyntax, index: ScopeIndex, types: DeclaredTypes) -> Receiver {
        let owner = Syntax(call).enclosingTypeNames.last
        if call.calledExpression.unwrapped.is(DeclReferenceExprSyntax.self) { return .implicit(owner) }
        guard let member = call.calledExpression.unwrapped.as(MemberAccessExprSyntax.self), let base = member.base?.unwrapped else {
            return .unknown
        }
        if let ref = base.as(DeclReferenceExprSyntax.self) {
            let name = ref.baseName.plainName
            if ref.baseName.tokenKind == .keyword(.self) || name == "self" { return owner.map(Receiver.type) ?? .unknown }
            if name.first?.isUppercase == true { return .type(name) }
            return valueType(name, at: Syntax(ref), owner: owner, index: index, types: types)
        }
        if let type = base.as(TypeExprSyntax.self)?.type.lastName { return .type(type) }
        if let inner = base.as(MemberAccessExprSyntax.self), let innerBase = inner.base?.unwrapped {
            let property = inner.declName.baseName.plainName
            // `Service.shared.f()`: a shared instance of the type.
            if let type = innerBase.identifierName, type.first?.isUppercase == true, property == "shared" { return .type(type) }
            if let ref = innerBase.as(DeclReferenceExprSyntax.self), ref.baseName.tokenKind == .keyword(.self), let owner,
               let type = types.members[owner]?[property] {
                return .type(type)
            }
        }
        return .unknown
    }

    /// The type of the value `name` at `node`: the type it is declared with, or made by (`VM()`, `VM.shared`).
    private static func valueType(_ name: String, at node: Syntax, owner: String?, index: ScopeIndex, types: DeclaredTypes) -> Receiver {
        if let declared = types.names[name], declared.count == 1, let only = declared.first { return .type(only) }
        guard let scope = index.scope(binding: name, at: node) else { return .unknown }
        let made = Set(index.initializers(of: name, in: scope).map { value -> String? in
            let e = value.unwrapped
            if let call = e.as(FunctionCallExprSyntax.self), let type = call.calledExpression.identifierName,
               type.first?.isUppercase == true { return type }
            if let member = e.as(MemberAccessExprSyntax.self), member.declName.baseName.text == "shared",
               let type = member.base?.identifierName, type.first?.isUppercase == true { return type }
            return nil
        })
        guard made.count == 1, let only = made.first, let type = only else { return .unknown }
        return .type(type)
    }
}

/// The parameters a resolver reaches while a reach is noted: `noting` sets where the values it follows go, and
/// each parameter the values come from is filed under it.
final class ParameterHits {
    /// The reaches being noted, innermost last; each made when a parameter first meets it.
    private var current: [() -> SwiftSinkSummary.Reach] = []
    private var made: [SwiftSinkSummary.Reach?] = []
    private var found: [SyntaxIdentifier: [Int: [SwiftSinkSummary.Reach]]] = [:]
    /// A parameter a value comes from: the function's scope and the parameter's 0-based index.
    struct Parameter: Hashable {
        let function: SyntaxIdentifier
        let index: Int
    }
    /// Reads being recorded (`RowResolver`'s memo), each with the noting it began in and the parameters noted
    /// there since (each once): a read remembered notes them again wherever it is asked for again.
    private var recordings: [(depth: Int, notes: [Parameter], seen: Set<Parameter>)] = []

    func beginRecording() { recordings.append((current.count, [], [])) }

    func endRecording() -> [Parameter] { recordings.removeLast().notes }

    /// Notes again what a remembered read noted, in the current noting.
    func noteAgain(_ parameters: [Parameter]) {
        for parameter in parameters { note((parameter.function, parameter.index)) }
    }

    func noting(_ reach: SwiftSinkSummary.Reach, _ body: () -> Void) {
        noting({ reach }, body)
    }

    /// The same with a reach that costs something to make: made only if a parameter meets it.
    func noting(_ reach: @escaping () -> SwiftSinkSummary.Reach, _ body: () -> Void) {
        current.append(reach)
        made.append(nil)
        body()
        current.removeLast()
        made.removeLast()
    }

    /// A value comes from parameter `index` of the function scoped `function`.
    func note(_ parameter: (function: SyntaxIdentifier, index: Int)) {
        let key = Parameter(function: parameter.function, index: parameter.index)
        for i in recordings.indices where recordings[i].depth == current.count && recordings[i].seen.insert(key).inserted {
            recordings[i].notes.append(key)
        }
        guard let make = current.last else { return }
        let reach = made[made.count - 1] ?? make()
        made[made.count - 1] = reach
        guard !(found[parameter.function]?[parameter.index]?.contains(reach) ?? false) else { return }
        found[parameter.function, default: [:]][parameter.index, default: []].append(reach)
    }

    func reaches(_ function: SyntaxIdentifier, _ index: Int) -> [SwiftSinkSummary.Reach] {
        found[function]?[index] ?? []
    }
}
