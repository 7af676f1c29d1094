import ContractsCore

extension SwiftEmitter {
    /// A payload as a `Decodable` struct: explicit snake_case coding keys, registry defaults for missing or
    /// null keys, a nested enum for each field with allowed values, and a memberwise initializer.
    static func renderPayloadStruct(_ shape: PayloadShape, in registry: Registry) -> String {
        let fields = shape.fields.map { SwiftPayloadField($0, registry: registry) }
        var w = SwiftCodeWriter()
        if let rpc = shape.rpc {
            w.doc("The result of `\(rpc)`, as the registry's `\(shape.name)` shape declares it.")
        } else {
            w.doc("The registry's `\(shape.name)` shape.")
        }
        w.block("public struct \(shape.typeName): Decodable, Equatable, Sendable") { w in
            for field in fields {
                guard let values = field.field.allowedValues, let enumName = field.enumName else { continue }
                w.doc("The values `\(field.field.key)` may take.")
                w.block("public enum \(enumName): String, Decodable, Sendable") { w in
                    for value in values {
                        w.line(SwiftSpelling.rawValueCase(SwiftSpelling.caseName(for: value), raw: value))
                    }
                }
                w.line()
            }
            for field in fields {
                w.line("public let \(field.name): \(field.propertyType)")
            }
            w.line()
            w.block("private enum CodingKeys: String, CodingKey") { w in
                for field in fields {
                    w.line(SwiftSpelling.rawValueCase(field.name, raw: field.field.key))
                }
            }
            w.line()
            renderMemberwiseInit(into: &w, fields: fields)
            w.line()
            renderDecoderInit(into: &w, fields: fields)
        }
        return w.text
    }

    /// `public init(...)` with the registry defaults as default arguments, so apps and tests can build values.
    private static func renderMemberwiseInit(into w: inout SwiftCodeWriter, fields: [SwiftPayloadField]) {
        w.doc("Builds a value in code (tests, previews); defaults are the registry's.")
        guard !fields.isEmpty else {
            w.line("public init() {}")
            return
        }
        w.line("public init(")
        w.indented { w in
            for (index, field) in fields.enumerated() {
                var parameter = "\(SwiftSpelling.label(field.field.swiftName)): \(field.propertyType)"
                if let value = field.defaultLiteral {
                    parameter += " = " + value
                } else if field.field.optional {
                    parameter += " = nil"
                }
                w.line(parameter + (index == fields.count - 1 ? "" : ","))
            }
        }
        w.block(")") { w in
            for field in fields {
                w.line("self.\(field.name) = \(field.name)")
            }
        }
    }

    /// `init(from:)`: `decodeIfPresent ?? default` for fields with defaults, `decodeIfPresent` for optional ones,
    /// `decode` for the rest.
    private static func renderDecoderInit(into w: inout SwiftCodeWriter, fields: [SwiftPayloadField]) {
        if fields.contains(where: { $0.defaultLiteral != nil }) {
            w.doc("Missing or null keys take the registry's defaults, so a server that omits one never breaks decoding.")
        } else {
            w.doc("Decodes the registry's snake_case keys.")
        }
        w.block("public init(from decoder: any Decoder) throws") { w in
            guard !fields.isEmpty else { return }
            w.line("let container = try decoder.container(keyedBy: CodingKeys.self)")
            for field in fields {
                let arguments = "\(field.baseType).self, forKey: \(SwiftSpelling.member(field.field.swiftName))"
                let call = field.defaultLiteral != nil || field.field.optional ? "decodeIfPresent" : "decode"
                let tail = field.defaultLiteral.map { " ?? \($0)" } ?? ""
                let oneLine = "self.\(field.name) = try container.\(call)(\(arguments))\(tail)"
                guard !w.fits(oneLine) else {
                    w.line(oneLine)
                    continue
                }
                // Too long for one line: the arguments on a line of their own.
                w.line("self.\(field.name) = try container.\(call)(")
                w.indented { w in w.line(arguments) }
                w.line(")\(tail)")
            }
        }
    }
}
