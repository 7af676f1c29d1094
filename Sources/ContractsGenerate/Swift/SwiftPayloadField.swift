import ContractsCore

/// A payload field as the Swift struct spells it: its property name, type and default literal.
struct SwiftPayloadField {
    let field: PayloadField
    /// The property name, backticked when it is a keyword.
    let name: String
    /// The nested enum for a string field with allowed values (`RequestType`), if any.
    let enumName: String?
    /// The type without the optional mark (`[RequestCountDetail]`, `RequestType`).
    let baseType: String
    /// `baseType`, plus `?` when the field is optional.
    let propertyType: String
    /// The default as a Swift expression, or nil when the registry gives none.
    let defaultLiteral: String?

    init(_ field: PayloadField, registry: Registry) {
        self.field = field
        name = Identifiers.swiftIdentifier(field.swiftName)
        let restricts = field.allowedValues != nil && Self.isString(field.type)
        enumName = restricts ? SwiftSpelling.typeName(forKey: field.key) : nil
        baseType = Self.spell(field.type, enumName: enumName, registry: registry)
        propertyType = baseType + (field.optional ? "?" : "")
        defaultLiteral = field.defaultValue.map { Self.literal($0, type: field.type, isEnum: restricts) }
    }

    /// Whether the field holds strings (directly or in arrays), so allowed values become an enum.
    private static func isString(_ type: FieldType) -> Bool {
        switch type {
        case .scalar(let scalar): return scalar == .string
        case .payload: return false
        case .array(let element): return isString(element)
        case .map: return false
        }
    }

    private static func spell(_ type: FieldType, enumName: String?, registry: Registry) -> String {
        switch type {
        case .scalar(let scalar): return enumName ?? SwiftSpelling.type(of: scalar)
        case .payload(let name): return registry.payload(named: name)?.typeName ?? name
        case .array(let element): return "[" + spell(element, enumName: enumName, registry: registry) + "]"
        case .map(let element): return "[String: " + spell(element, enumName: enumName, registry: registry) + "]"
        }
    }

    private static func literal(_ value: DefaultValue, type: FieldType, isEnum: Bool) -> String {
        switch value {
        case .int(let int):
            return String(int)
        case .double(let double):
            return "\(double)"
        case .bool(let bool):
            return bool ? "true" : "false"
        case .emptyArray:
            return "[]"
        case .string(let string):
            if isEnum { return "." + SwiftSpelling.caseName(for: string) }
            if case .scalar(.uuid) = type { return "UUID(uuidString: \(SwiftSpelling.stringLiteral(string)))!" }
            return SwiftSpelling.stringLiteral(string)
        }
    }
}
