import ContractsCore
import SwiftSyntax

/// A deep-link case built from push-payload keys somewhere in the app: `.ride(id: uuid(userInfo["ride_id"]))`.
public struct DiscoveredLinkConstruction: Sendable, Equatable {
    public var caseName: String
    /// The argument label (`id`), or `""` for an unlabelled argument.
    public var label: String
    /// The `userInfo` key the argument's value is read from.
    public var payloadKey: String
    public var location: ContractsCore.SourceLocation
}

/// Finds where enum cases are constructed from push-payload reads, with the `PushPayloadReads` reader `check`
/// uses: directly in the argument (`.ride(id: uuid(userInfo["ride_id"]))`), through `.map { .ride(id: $0) }` on
/// a read, or through a name bound from a read (`if let id = userInfo["ride_id"] ... .ride(id: id)`).
public enum DeepLinkDiscovery {
    /// The constructions, every key the file reads from push payloads (in source order), and the keys whose
    /// value is decoded as `typeName` in the same statement (`NotificationType(rawValue: $0)`): the type key.
    public static func read(path: String, text: String, typeName: String?)
        -> (constructions: [DiscoveredLinkConstruction], pushKeys: [String], typeKeys: [String]) {
        guard SwiftNestingDepth.isBounded(text) else { return ([], [], []) }
        let file = ParsedSwiftFile(path: path, text: text)
        let reads = file.pushReads.reads
        guard !reads.isEmpty else { return ([], [], []) }
        let typeKeys = typeName.map { name in
            reads.filter { read in
                var node: Syntax? = Syntax(read.subscript)
                while let current = node, !current.is(CodeBlockItemSyntax.self) { node = current.parent }
                let statement = node?.trimmedDescription.replacingOccurrences(of: " ", with: "") ?? ""
                return statement.contains(name + "(rawValue:") || statement.contains(name + ".init(rawValue:")
                    || statement.contains(name + ".init)")
            }.map(\.key)
        } ?? []
        let collector = Collector(viewMode: .sourceAccurate)
        collector.walk(file.syntax)
        var out: [DiscoveredLinkConstruction] = []
        for call in collector.calls {
            guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil else { continue }
            for argument in call.arguments {
                let key = keyInside(Syntax(argument.expression), reads)
                    ?? keyThroughClosure(argument.expression, call, reads)
                    ?? keyThroughBinding(argument.expression, collector.bindings, reads)
                guard let key else { continue }
                out.append(DiscoveredLinkConstruction(caseName: member.declName.baseName.plainName,
                                                      label: argument.label?.text ?? "", payloadKey: key,
                                                      location: file.location(of: call)))
            }
        }
        return (out, reads.map(\.key), typeKeys)
    }

    private typealias Reads = [(key: String, node: StringLiteralExprSyntax, subscript: SubscriptCallExprSyntax)]

    /// The one key read inside `node`, nil when none or several.
    private static func keyInside(_ node: Syntax, _ reads: Reads) -> String? {
        let keys = Set(reads.filter { $0.subscript.position >= node.position && $0.subscript.endPosition <= node.endPosition }.map(\.key))
        return keys.count == 1 ? keys.first : nil
    }

    /// `read.map { .ride(id: $0) }`: the closure's `$0` is the value read by the `map`'s base.
    private static func keyThroughClosure(_ expr: ExprSyntax, _ call: FunctionCallExprSyntax, _ reads: Reads) -> String? {
        guard expr.as(DeclReferenceExprSyntax.self)?.baseName.text == "$0" else { return nil }
        var node: Syntax? = Syntax(call).parent
        while let current = node, !current.is(ClosureExprSyntax.self) { node = current.parent }
        guard let closure = node, let outer = closure.parent?.as(FunctionCallExprSyntax.self),
              let mapped = outer.calledExpression.as(MemberAccessExprSyntax.self),
              ["map", "flatMap", "compactMap"].contains(mapped.declName.baseName.text),
              let base = mapped.base else { return nil }
        return keyInside(Syntax(base), reads)
    }

    /// A name bound from a read before the use: the nearest binding of that name that precedes it.
    private static func keyThroughBinding(_ expr: ExprSyntax, _ bindings: [(String, ExprSyntax)], _ reads: Reads) -> String? {
        guard let name = expr.as(DeclReferenceExprSyntax.self)?.baseName.text else { return nil }
        let preceding = bindings.filter { $0.0 == name && $0.1.endPosition <= expr.position }
        return preceding.last.flatMap { keyInside(Syntax($0.1), reads) }
    }

    private final class Collector: SyntaxVisitor {
        var calls: [FunctionCallExprSyntax] = []
        /// Names bound with a value, in source order: `if let x = v`, `let x = v`, `guard let x = v`.
        var bindings: [(String, ExprSyntax)] = []

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            calls.append(node)
            return .visitChildren
        }

        override func visit(_ node: OptionalBindingConditionSyntax) -> SyntaxVisitorContinueKind {
            if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = node.initializer?.value {
                bindings.append((name, value))
            }
            return .visitChildren
        }

        override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
            if let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = node.initializer?.value {
                bindings.append((name, value))
            }
            return .visitChildren
        }
    }
}
