import ContractsCore
import SwiftSyntax

/// String literals one file writes as notification-type raw values into the type column or to an emitter.
///
/// A literal is written as a type in these places only:
/// - a row: the payload key's value in a dictionary (`"kind": "x"`, `"kind": AnyEncodable("x")`,
///   `"kind": .string("x")`), or the argument of an `Encodable` type's property encoded as the payload key
///   (`NewNotification(kind: "x")`), when that dictionary or value reaches `.from("<table>").insert`, `.update`
///   or `.upsert` of the registry's table: directly, in an array, returned by a `map` closure, or through a name
///   bound, appended to or assigned (`row["kind"] = "x"`) in the same scope, or through a parameter of a function
///   of the same file (`insertRow(["kind": "x"])` then `func insertRow(_ row: …) { ….insert(row) }`);
/// - the argument of a Swift emitter (`emitters.swift`) at its label or position (`sendNotification(to: id,
///   kind: "x")`), or the payload key's value in a dictionary passed there;
/// - the argument of a function of any file whose parameter reaches one of these (`SwiftSinks`:
///   `notificationVM.scheduleNotification(title: t, kind: "x")`), or that parameter's default value
///   (`kind: String = "x"`), read where the function is declared.
///
/// A dictionary with the payload key that reaches neither (an analytics event, another table's row) holds
/// some other `kind`, and a `kind:` argument of any other function is that function's business.
struct TypeValueWrites {
    /// The literals, in source order, each once.
    let literals: [StringLiteralExprSyntax]

    init(_ file: ParsedSwiftFile, set: NotificationTypeSet, emitters: [FunctionEmitter], projectTypes: DeclaredTypes,
         sinks: SwiftSinks = .none) {
        let index = ScopeIndex(viewMode: .sourceAccurate)
        index.walk(file.syntax)
        let resolver = RowResolver(key: set.payloadKey, index: index, encoded: projectTypes.encoded)
        let tables = set.rowTargets.map { target in
            (target.table, target.key == set.payloadKey ? resolver : RowResolver(key: target.key, index: index, encoded: projectTypes.encoded))
        }
        var found: [StringLiteralExprSyntax] = []
        for call in index.calls {
            for (table, rowResolver) in tables {
                if let rows = call.rowArgument(table: table) { found += rowResolver.values(inRows: rows) }
            }
            for emitter in emitters where call.calledExpression.lastName == emitter.function {
                guard let argument = call.argument(for: emitter) else { continue }
                found += resolver.values(of: argument) + resolver.values(inRows: argument)
            }
            guard let name = call.calledExpression.lastName, sinks.functions[name] != nil else { continue }
            let arguments = Array(call.arguments)
            for i in sinks.sinkArguments(of: CallShape(call, index: index, types: file.declaredTypes)) {
                found += resolver.values(of: arguments[i].expression)
            }
        }
        for function in index.functions where sinks.functions[function.name.plainName] != nil {
            let parameters = Array(function.signature.parameterClause.parameters)
            for i in sinks.sinkParameters(of: SwiftSinkSummary.Function(function).key, name: function.name.plainName).sorted() {
                if let value = parameters[i].defaultValue?.value { found += resolver.values(of: value) }
            }
        }
        var seen = Set<SyntaxIdentifier>()
        literals = found.filter { seen.insert($0.id).inserted }.sorted { $0.position < $1.position }
    }
}

/// Follows rows and values through the expressions and names of one file.
struct RowResolver {
    let key: String
    let index: ScopeIndex
    let encoded: EncodedColumns
    /// This file's type declarations, when a row type's property left out of its initializer's call counts with
    /// the string literal it is declared with (`var status = "open"`); nil: it does not.
    let defaults: TypeDeclarations?
    /// Where the parameters a type value comes from are noted, when a file's sink summary is read; nil: nowhere.
    let hits: ParameterHits?
    /// Names and `map` closures followed at most this deep (a name bound to itself must end).
    private let depthLimit = 6
    /// What each expression gave at each depth, and the parameters its read noted: a name reached again by
    /// another path (every call of a function passing the same name on) is not followed again, its notes are
    /// noted again instead. Without it, a file whose calls fan out at each of the six levels took minutes (fuzz:
    /// found-cfa787fe67597849.swift).
    private let memo = Memo()

    private final class Memo {
        struct Key: Hashable {
            let id: SyntaxIdentifier
            let rows: Bool
            let depth: Int
        }
        var results: [Key: (literals: [StringLiteralExprSyntax], notes: [ParameterHits.Parameter])] = [:]
    }

    /// `compute`'s literals for `expr` at `depth`, each once, computed once.
    private func remembered(_ expr: ExprSyntax, rows: Bool, depth: Int,
                            _ compute: () -> [StringLiteralExprSyntax]) -> [StringLiteralExprSyntax] {
        let key = Memo.Key(id: expr.id, rows: rows, depth: depth)
        if let known = memo.results[key] {
            hits?.noteAgain(known.notes)
            return known.literals
        }
        hits?.beginRecording()
        var seen = Set<SyntaxIdentifier>()
        let found = compute().filter { seen.insert($0.id).inserted }
        memo.results[key] = (found, hits?.endRecording() ?? [])
        return found
    }

    init(key: String, index: ScopeIndex, encoded: EncodedColumns, defaults: TypeDeclarations? = nil, hits: ParameterHits? = nil) {
        self.key = key
        self.index = index
        self.encoded = encoded
        self.defaults = defaults
        self.hits = hits
    }

    /// The type literals written by the rows `expr` evaluates to (each literal once).
    func values(inRows expr: ExprSyntax, depth: Int = 0) -> [StringLiteralExprSyntax] {
        guard depth < depthLimit else { return [] }
        return remembered(expr, rows: true, depth: depth) { rowValues(expr, depth: depth) }
    }

    private func rowValues(_ expr: ExprSyntax, depth: Int) -> [StringLiteralExprSyntax] {
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
                let passed = Array(call.arguments).filter { $0.label?.text == property }
                guard passed.isEmpty, let defaults else { return passed.flatMap { values(of: $0.expression, depth: depth + 1) } }
                return defaultValues(of: property, in: type, defaults)
            }
            // A row type another file declares: which of its properties is the type is known once all are read.
            if let hits, let type = call.calledExpression.identifierName, type.first?.isUppercase == true {
                for argument in call.arguments {
                    guard let label = argument.label?.text else { continue }
                    hits.noting(.row(type: type, property: label)) { _ = values(of: argument.expression, depth: depth + 1) }
                }
                return []
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
        found += index.arguments(passedFor: name, in: scope).flatMap { values(inRows: $0, depth: depth + 1) }
        return found
    }

    /// The string literal a property of this file's `type` is declared with (`var status = "open"`,
    /// `let status: String = "open"`).
    private func defaultValues(of property: String, in type: String, _ declarations: TypeDeclarations) -> [StringLiteralExprSyntax] {
        let blocks = (declarations.structs[type] ?? []).map(\.memberBlock) + (declarations.classes[type] ?? []).map(\.memberBlock)
        return blocks.flatMap(\.flattenedDecls).compactMap { $0.as(VariableDeclSyntax.self) }.flatMap(\.bindings).compactMap { binding in
            guard binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.plainName == property else { return nil }
            return binding.initializer?.value.as(StringLiteralExprSyntax.self)
        }.filter { $0.representedLiteralValue != nil }
    }

    /// Type-erasing wrappers rows put values in (`AnyEncodable("x")`, `AnyJSON.string("x")`, `.string("x")`).
    static let wrappers: Set<String> = ["AnyEncodable", "AnyCodable", "AnyJSON", "string", "String"]

    /// The string literals `expr` evaluates to as a type value: the literal itself, a wrapped one
    /// (`AnyEncodable("x")`, `.string("x")`), either branch of `?:`, a `??` default, a local bound to one, or
    /// what this file's calls pass for a parameter (each literal once).
    func values(of expr: ExprSyntax, depth: Int = 0) -> [StringLiteralExprSyntax] {
        guard depth < depthLimit else { return [] }
        return remembered(expr, rows: false, depth: depth) { typeValues(expr, depth: depth) }
    }

    private func typeValues(_ expr: ExprSyntax, depth: Int) -> [StringLiteralExprSyntax] {
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
        if let hits, let parameter = index.parameter(name, in: scope) { hits.note(parameter) }
        return (index.initializers(of: name, in: scope) + index.arguments(passedFor: name, in: scope))
            .flatMap { values(of: $0, depth: depth + 1) }
    }
}
