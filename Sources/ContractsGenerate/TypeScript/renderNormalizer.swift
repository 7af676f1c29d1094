import ContractsCore

extension TypeScriptEmitter {
    /// `normalizeX(raw, path)`: reads untrusted JSON into the normalized interface, applying defaults, and
    /// throws a `TypeError` naming the key path when a value has the wrong type or a required key is missing.
    /// Fields with allowed values get an exported `TYPE_KEY_VALUES` list first, which their reader checks.
    static func renderNormalizer(_ payload: PayloadShape, registry: Registry,
                                 readers: inout Set<PayloadReader>) -> [String] {
        typealias S = TypeScriptSyntax
        var fields: [String] = []
        var valueLists: [String] = []
        for field in payload.fields {
            var allowedList: String?
            if let allowed = field.allowedValues, !allowed.isEmpty, case .scalar(let scalar) = field.type,
               S.scalarType(scalar) == "string" {
                let name = TypeScriptNames.screaming(payload.typeName) + "_" + TypeScriptNames.screaming(field.key)
                    + "_VALUES"
                valueLists.append(S.doc("The values `\(payload.typeName).\(field.key)` may take.") + "\n"
                    + S.array(allowed.map(S.string), prefix: "export const \(name) = ", suffix: " as const;"))
                allowedList = name
            }
            let read = readerExpression(field.type, allowedList: allowedList, registry: registry, readers: &readers)
            var arguments = ["json", "path", S.string(field.key), read]
            let function: String
            if let fallback = field.defaultValue {
                function = "withDefault"
                arguments.append(defaultLiteral(fallback))
            } else if field.optional {
                function = "withDefault"
                arguments.append("null")
            } else {
                function = "required"
            }
            readers.insert(function == "required" ? .required : .withDefault)
            let call = "\(function)(\(arguments.joined(separator: ", ")))"
            let single = "    \(S.property(field.key)): \(call),"
            if single.count <= S.lineWidth {
                fields.append(single)
            } else {
                let lines = arguments.map { "      \($0)," }.joined(separator: "\n")
                fields.append("    \(S.property(field.key)): \(function)(\n\(lines)\n    ),")
            }
        }
        return valueLists + ["""
            \(S.doc("Reads JSON as `\(payload.typeName)`, applying defaults; throws `TypeError` at a bad key."))
            export function \(normalizerName(payload))(
              raw: unknown,
              path = \(S.string(payload.typeName)),
            ): \(normalizedName(payload)) {
              const json = objectAt(raw, path);
              return {
            \(fields.joined(separator: "\n"))
              };
            }
            """]
    }

    /// The reader for a field type: `stringAt`, `oneOf(X_VALUES)`, `arrayOf(normalizeX)`, ...
    private static func readerExpression(_ type: FieldType, allowedList: String?, registry: Registry,
                                         readers: inout Set<PayloadReader>) -> String {
        switch type {
        case .scalar(let scalar):
            if let allowedList {
                readers.insert(.oneOf)
                return "oneOf(\(allowedList))"
            }
            let reader = PayloadReader.scalar(scalar)
            readers.insert(reader)
            return reader.rawValue
        case .payload(let name):
            guard let payload = registry.payload(named: name) else {
                readers.insert(.unknownAt)
                return PayloadReader.unknownAt.rawValue
            }
            return normalizerName(payload)
        case .array(let element):
            readers.insert(.arrayOf)
            let inner = readerExpression(element, allowedList: allowedList, registry: registry, readers: &readers)
            return "arrayOf(\(inner))"
        case .map(let element):
            readers.insert(.recordOf)
            let inner = readerExpression(element, allowedList: allowedList, registry: registry, readers: &readers)
            return "recordOf(\(inner))"
        }
    }

    /// A default as a TypeScript literal.
    private static func defaultLiteral(_ value: DefaultValue) -> String {
        switch value {
        case .int(let int): return String(int)
        case .double(let double):
            return double == double.rounded() && abs(double) < 1e15 ? String(Int(double)) : String(double)
        case .bool(let bool): return String(bool)
        case .string(let string): return TypeScriptSyntax.string(string)
        case .emptyArray: return "[]"
        }
    }
}
