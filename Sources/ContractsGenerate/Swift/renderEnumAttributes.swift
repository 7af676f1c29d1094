import ContractsCore

extension SwiftEmitter {
    /// The per-case attributes, built-in and custom, as computed properties, each a `switch self` with one
    /// literal per case, the shape hand-written enums have, so a reader can compare them line by line.
    static func renderAttributes(into w: inout SwiftCodeWriter, columns: [AttributeColumn], values: [SharedEnumValue],
                                 badges: BadgeSet?) {
        for column in columns {
            let base: String
            switch column.kind {
            case .string: base = "String"
            case .bool: base = "Bool"
            case .int: base = "Int"
            case .badge: base = badges?.swiftEnum ?? "String"
            }
            let type = base + (column.isOptional(over: values) ? "?" : "")
            renderAttribute(into: &w, values: values, doc: column.doc, name: column.property, type: type) { value in
                literal(column.value(value), kind: column.kind)
            }
        }
    }

    /// An attribute value as Swift source: strings escaped, badge cases as members.
    private static func literal(_ value: AttributeValue, kind: AttributeColumn.Kind) -> String {
        switch value {
        case .null: return "nil"
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .string(let s): return kind == .badge ? "." + SwiftSpelling.caseName(for: s) : SwiftSpelling.stringLiteral(s)
        }
    }

    private static func renderAttribute(
        into w: inout SwiftCodeWriter, values: [SharedEnumValue], doc: String, name: String, type: String,
        result: (SharedEnumValue) -> String
    ) {
        w.line()
        w.doc(doc)
        w.block("public var \(Identifiers.swiftIdentifier(name)): \(type)") { w in
            w.line("switch self {")
            for value in values {
                w.line("case \(SwiftSpelling.member(value.swiftCase)): return \(result(value))")
            }
            w.line("}")
        }
    }
}
