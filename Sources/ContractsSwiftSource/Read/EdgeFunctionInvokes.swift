import ContractsCore
import Foundation
import SwiftSyntax

/// The edge functions a Swift file invokes through supabase-swift's `FunctionsClient`:
/// `client.functions.invoke("name")`, `invoke("name", options: FunctionInvokeOptions(method: .get, …))`,
/// `options: .init(method: .get)`, and the older `invoke(functionName: "name", invokeOptions: …)`. supabase-swift
/// sends `options.method ?? .post`, so a call without a method sends POST.
///
/// Only calls on something named `functions` (`supabase.functions`, `client.functions`) and a name written as one
/// string literal are read; anything else is not a call this reader can name.
public enum EdgeFunctionInvokeReader {
    private static let needle = Array("invoke".utf8)
    /// A file without one of these invokes no function.
    public static let needles = [needle]

    public static func invokes(path: String, text: String) -> [EdgeFunctionInvoke] {
        guard SourceText.holds(needle, in: text), SourceText.holds(Array("functions".utf8), in: text),
              let file = SwiftTrees.file(path, text: text) else { return [] }
        let collector = Collector(viewMode: .sourceAccurate)
        collector.walk(file.syntax)
        return collector.calls.map { call in
            EdgeFunctionInvoke(name: call.name, method: call.method, methodIsDefault: call.isDefault,
                               location: file.location(of: call.site))
        }
    }

    private final class Collector: SyntaxVisitor {
        var calls: [(name: String, method: String?, isDefault: Bool, site: StringLiteralExprSyntax)] = []

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            guard let (name, literal) = node.edgeFunctionCall else { return .visitChildren }
            let options = node.arguments.dropFirst().first { ["options", "invokeOptions"].contains($0.label?.text) }
            let (method, isDefault) = options.map { Self.method(of: $0.expression) } ?? ("POST", true)
            calls.append((name, method, isDefault, literal))
            return .visitChildren
        }

        /// The method `FunctionInvokeOptions(…)` / `.init(…)` sends: its `method:` argument (`.get`,
        /// `FunctionInvokeOptions.Method.get`), POST without one or with `nil`; nil (unknown) for anything else.
        static func method(of options: ExprSyntax) -> (String?, Bool) {
            guard let call = options.as(FunctionCallExprSyntax.self), call.trailingClosure == nil else { return (nil, false) }
            let callee = call.calledExpression
            let isOptions: Bool
            if let reference = callee.as(DeclReferenceExprSyntax.self) {
                isOptions = reference.baseName.plainName == "FunctionInvokeOptions"
            } else if let member = callee.as(MemberAccessExprSyntax.self) {
                isOptions = member.declName.baseName.plainName == "init"
                    && (member.base == nil || member.base?.as(DeclReferenceExprSyntax.self)?.baseName.plainName == "FunctionInvokeOptions")
            } else {
                isOptions = false
            }
            guard isOptions else { return (nil, false) }
            guard let argument = call.arguments.first(where: { $0.label?.text == "method" }) else { return ("POST", true) }
            if argument.expression.is(NilLiteralExprSyntax.self) { return ("POST", true) }
            guard let member = argument.expression.as(MemberAccessExprSyntax.self) else { return (nil, false) }
            if let base = member.base {
                // `FunctionInvokeOptions.Method.get`, `Method.get`.
                let text = base.trimmedDescription
                guard text == "Method" || text == "FunctionInvokeOptions.Method" else { return (nil, false) }
            }
            let name = member.declName.baseName.plainName
            guard ["get", "post", "put", "patch", "delete"].contains(name) else { return (nil, false) }
            return (name.uppercased(), false)
        }
    }
}

extension FunctionCallExprSyntax {
    /// The edge function this call invokes and the literal naming it: `….functions.invoke("name", …)` (on
    /// `supabase.functions`, `client.functions`, `functions`), also the older `invoke(functionName: "name", …)`; nil
    /// for any other call, or a name that is not one string literal. The one test of the call, for every reader of it.
    var edgeFunctionCall: (name: String, literal: StringLiteralExprSyntax)? {
        guard let member = calledExpression.as(MemberAccessExprSyntax.self), member.declName.baseName.plainName == "invoke",
              let base = member.base else { return nil }
        let receiver = base.as(MemberAccessExprSyntax.self)?.declName.baseName.plainName
            ?? base.as(DeclReferenceExprSyntax.self)?.baseName.plainName
        guard receiver == "functions", let first = arguments.first, first.label == nil || first.label?.text == "functionName",
              let literal = first.expression.as(StringLiteralExprSyntax.self), let name = literal.representedLiteralValue
        else { return nil }
        return (name, literal)
    }
}
