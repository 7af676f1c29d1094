import SwiftSyntax

/// A computed property implemented as `switch self { case .a, .b: return "x" ... }`.
struct SwitchSelfProperty {
    let name: String
    let arms: [Arm]

    /// One `case` (or `default`) of the switch.
    struct Arm {
        /// Case names the arm lists; empty for `default:`.
        let caseNames: [String]
        let isDefault: Bool
        /// The constant it returns, nil when the body is anything else.
        let result: ReturnedLiteral?
        /// Where the result is (the arm's label when there is no single result expression).
        let resultNode: Syntax
    }

    /// The arm that decides the value for `caseName`: the one listing it, else `default:`.
    func arm(for caseName: String) -> Arm? {
        arms.first { $0.caseNames.contains(caseName) } ?? arms.first(where: \.isDefault)
    }
}

extension MemberBlockSyntax {
    /// The `switch self` properties among `names` declared directly in this block.
    func switchSelfProperties(named names: Set<String>) -> [SwitchSelfProperty] {
        flattenedDecls.compactMap { $0.as(VariableDeclSyntax.self) }.flatMap { decl in
            decl.bindings.compactMap { binding -> SwitchSelfProperty? in
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.plainName,
                      names.contains(name), let statements = binding.getterStatements,
                      let switchExpr = statements.switchOverSelf else { return nil }
                return SwitchSelfProperty(name: name, arms: switchExpr.arms)
            }
        }
    }
}

extension PatternBindingSyntax {
    /// The getter's body: `var x: T { ... }` or `var x: T { get { ... } }`.
    var getterStatements: CodeBlockItemListSyntax? {
        switch accessorBlock?.accessors {
        case .getter(let items)?: return items
        case .accessors(let list)?:
            return list.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }?.body?.statements
        case nil: return nil
        }
    }
}

extension CodeBlockItemListSyntax {
    /// The `switch self` a body consists of, as a statement or as `return switch self { ... }`.
    var switchOverSelf: SwitchExprSyntax? {
        guard count == 1, let item = first?.item else { return nil }
        let expr: ExprSyntax?
        switch item {
        case .expr(let e): expr = e
        case .stmt(let s): expr = s.as(ExpressionStmtSyntax.self)?.expression ?? s.as(ReturnStmtSyntax.self)?.expression
        default: expr = nil
        }
        guard let switchExpr = expr?.as(SwitchExprSyntax.self),
              switchExpr.subject.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
        else { return nil }
        return switchExpr
    }

    /// The single expression a `case` body yields (`return "x"` or the implicit `"x"`).
    var singleResult: ExprSyntax? {
        guard count == 1, let item = first?.item else { return nil }
        switch item {
        case .expr(let e): return e
        case .stmt(let s):
            return s.as(ReturnStmtSyntax.self)?.expression ?? s.as(ExpressionStmtSyntax.self)?.expression
        default: return nil
        }
    }
}

extension SwitchExprSyntax {
    /// The arms of a `switch self`, with the case names each lists.
    var arms: [SwitchSelfProperty.Arm] {
        cases.flattenedCases.compactMap { arm -> SwitchSelfProperty.Arm? in
            let result = arm.statements.singleResult
            let node = result.map(Syntax.init) ?? Syntax(arm.label)
            switch arm.label {
            case .default:
                return .init(caseNames: [], isDefault: true, result: result.flatMap(ReturnedLiteral.init), resultNode: node)
            case .case(let label):
                let names = label.caseItems.compactMap { item -> String? in
                    guard let member = item.pattern.as(ExpressionPatternSyntax.self)?.expression
                        .as(MemberAccessExprSyntax.self) else { return nil }
                    return member.declName.baseName.plainName
                }
                return .init(caseNames: names, isDefault: false, result: result.flatMap(ReturnedLiteral.init),
                             resultNode: node)
            }
        }
    }
}

extension SwitchCaseListSyntax {
    /// The `case`s, with those inside `#if` blocks flattened in (every branch), so a case listed under
    /// `#if DEBUG` is not mistaken for one that falls into `default:`.
    var flattenedCases: [SwitchCaseSyntax] {
        flatMap { element -> [SwitchCaseSyntax] in
            switch element {
            case .switchCase(let arm): return [arm]
            case .ifConfigDecl(let ifConfig):
                return ifConfig.clauses.flatMap { clause -> [SwitchCaseSyntax] in
                    guard case .switchCases(let nested)? = clause.elements else { return [] }
                    return nested.flattenedCases
                }
            }
        }
    }
}
