import SwiftParser
import SwiftSyntax

/// A constant a `switch self` arm returns, when it is one a registry attribute can be compared with.
enum ReturnedLiteral: Equatable, CustomStringConvertible {
    case string(String)
    case bool(Bool)
    case int(Int)
    case none
    /// An enum member (`.messages`, or `BadgeTab.messages` with its base type name).
    case member(base: String?, name: String)

    /// Reads a result expression; nil for anything that is not a plain constant (a call, an interpolation,
    /// a ternary), which the rules skip instead of guessing.
    init?(_ expr: ExprSyntax) {
        if let s = expr.as(StringLiteralExprSyntax.self) {
            guard let value = s.representedLiteralValue else { return nil }
            self = .string(value)
        } else if let b = expr.as(BooleanLiteralExprSyntax.self) {
            self = .bool(b.literal.tokenKind == .keyword(.true))
        } else if let i = expr.as(IntegerLiteralExprSyntax.self) {
            guard let value = Int(i.literal.text.replacingOccurrences(of: "_", with: "")) else { return nil }
            self = .int(value)
        } else if let p = expr.as(PrefixOperatorExprSyntax.self), p.operator.text == "-",
                  let i = p.expression.as(IntegerLiteralExprSyntax.self),
                  let value = Int("-" + i.literal.text.replacingOccurrences(of: "_", with: "")) {
            self = .int(value)
        } else if expr.is(NilLiteralExprSyntax.self) {
            self = .none
        } else if let m = expr.as(MemberAccessExprSyntax.self), m.base == nil || m.base?.is(DeclReferenceExprSyntax.self) == true {
            self = .member(base: m.base?.identifierName, name: m.declName.baseName.plainName)
        } else {
            return nil
        }
    }

    /// As Swift source would spell it.
    var description: String {
        switch self {
        case .string(let s): return "\"\(s)\""
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .none: return "nil"
        case .member(let base, let name): return (base ?? "") + ".\(name)"
        }
    }
}
