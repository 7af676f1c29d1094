import SwiftSyntax

/// One case of a hand-written enum, read from its `case` line.
struct EnumCaseEntry {
    /// The element (`rideClaimed = "ride_claimed"` in `case message, rideClaimed = "ride_claimed"`).
    let element: EnumCaseElementSyntax
    /// The case name without backticks.
    let name: String
    /// The explicit string raw value, or the name when there is none (Swift's implicit raw value).
    /// Nil when the raw value is not a plain string literal.
    let rawValue: String?
    /// The node that carries the raw value: the literal when explicit, the name otherwise.
    let rawValueNode: Syntax
    let parameters: [EnumCaseParameterSyntax]
}

extension EnumDeclSyntax {
    /// Every case element, in source order, including those in `#if` blocks; nested types are not entered.
    var caseEntries: [EnumCaseEntry] {
        memberBlock.flattenedDecls.compactMap { $0.as(EnumCaseDeclSyntax.self) }.flatMap { decl in
            decl.elements.map { element in
                let name = element.name.plainName
                guard let initializer = element.rawValue else {
                    return EnumCaseEntry(element: element, name: name, rawValue: name,
                                         rawValueNode: Syntax(element.name), parameters: element.parameters)
                }
                let literal = initializer.value.as(StringLiteralExprSyntax.self)
                return EnumCaseEntry(element: element, name: name, rawValue: literal?.representedLiteralValue,
                                     rawValueNode: Syntax(initializer.value), parameters: element.parameters)
            }
        }
    }
}

extension EnumCaseElementSyntax {
    /// Associated values (`(id: UUID)`), empty for a plain case.
    var parameters: [EnumCaseParameterSyntax] {
        parameterClause.map { Array($0.parameters) } ?? []
    }
}
