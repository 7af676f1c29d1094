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
        switchSelfProperties(where: names.contains)
    }

    /// The `switch self` properties declared directly in this block whose names `include` accepts.
    func switchSelfProperties(where include: (String) -> Bool) -> [SwitchSelfProperty] {
        flattenedDecls.compactMap { $0.as(VariableDeclSyntax.self) }.flatMap { decl in
            decl.bindings.compactMap { binding -> SwitchSelfProperty? in
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.plainName,
                      include(name), let statements = binding.getterStatements,
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
    /// The `switch self` that gives a body's result: its last statement, as a statement or as
    /// `return switch self { ... }`, after statements that only prepare it (`#if DEBUG _ = Self.check #endif`,
    /// `let`, `_ = …`, `guard`). An `if`, a loop, a `return` or another `switch` before it may decide the result
    /// instead, so such a body is not read.
    var switchOverSelf: SwitchExprSyntax? {
        guard let last = last?.item, dropLast().allSatisfy({ $0.item.isPreamble }),
              let switchExpr = last.resultExpression?.as(SwitchExprSyntax.self),
              switchExpr.subject.as(DeclReferenceExprSyntax.self)?.baseName.tokenKind == .keyword(.self)
        else { return nil }
        return switchExpr
    }

    /// Whether `switch self {` occurs anywhere in these statements.
    var switchesOverSelf: Bool {
        let tokens = Array(tokens(viewMode: .sourceAccurate))
        return tokens.indices.dropLast(2).contains { i in
            tokens[i].tokenKind == .keyword(.switch) && tokens[i + 1].tokenKind == .keyword(.self) && tokens[i + 2].tokenKind == .leftBrace
        }
    }

    /// The single expression a `case` body yields (`return "x"` or the implicit `"x"`).
    var singleResult: ExprSyntax? {
        guard count == 1 else { return nil }
        return first?.item.resultExpression
    }
}

extension CodeBlockItemSyntax.Item {
    /// The expression this statement yields: `return x`, or `x` alone.
    var resultExpression: ExprSyntax? {
        switch self {
        case .expr(let e): return e
        case .stmt(let s): return s.as(ReturnStmtSyntax.self)?.expression ?? s.as(ExpressionStmtSyntax.self)?.expression
        default: return nil
        }
    }

    /// A statement that cannot decide a getter's result: a declaration (`let`), a `guard`, an expression that is
    /// no `if`/`switch` (`_ = Self.registryValidation`, `assert(…)`), or an `#if` holding only those.
    var isPreamble: Bool {
        switch self {
        case .decl(let d):
            guard let ifConfig = d.as(IfConfigDeclSyntax.self) else { return true }
            return ifConfig.clauses.allSatisfy { clause in
                guard case .statements(let items)? = clause.elements else { return clause.elements == nil }
                return items.allSatisfy(\.item.isPreamble)
            }
        case .stmt(let s):
            guard !s.is(GuardStmtSyntax.self) else { return true }
            guard let e = s.as(ExpressionStmtSyntax.self)?.expression else { return false }
            return !e.is(IfExprSyntax.self) && !e.is(SwitchExprSyntax.self)
        case .expr(let e): return !e.is(IfExprSyntax.self) && !e.is(SwitchExprSyntax.self)
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
