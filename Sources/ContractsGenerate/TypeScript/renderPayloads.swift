import ContractsCore

extension TypeScriptEmitter {
    /// `payloads.ts`: per payload, the interface of the raw JSON (keys exactly as sent; a key with a default
    /// or marked optional may be missing or null), the normalized interface with defaults applied, and the
    /// `normalize…` function that reads untrusted JSON into it. Then the private readers those functions use.
    static func renderPayloads(_ registry: Registry) -> [String] {
        typealias S = TypeScriptSyntax
        var blocks: [String] = []
        var readers = Set<PayloadReader>([.objectAt])
        for payload in registry.payloads {
            let source = payload.rpc.map { "The result of the `\($0)` RPC" } ?? "The `\(payload.name)` payload"
            let rawFields = payload.fields.map { field in
                let missable = field.optional || field.defaultValue != nil
                let type = typeScriptType(field.type, allowed: field.allowedValues, registry: registry) {
                    $0.typeName
                }
                return S.member(S.property(field.key) + (missable ? "?" : ""), type + (missable ? ["null"] : []))
            }
            blocks.append("""
                \(S.doc("\(source), as it arrives: keys with a default may be missing or null."))
                export interface \(payload.typeName) {
                \(rawFields.joined(separator: "\n"))
                }
                """)
            let normalizedFields = payload.fields.map { field in
                let type = typeScriptType(field.type, allowed: field.allowedValues, registry: registry) {
                    normalizedName($0)
                }
                let nullable = field.optional && field.defaultValue == nil
                return S.member(S.property(field.key), type + (nullable ? ["null"] : []))
            }
            blocks.append("""
                \(S.doc("`\(payload.typeName)` with every default applied and every key present."))
                export interface \(normalizedName(payload)) {
                \(normalizedFields.joined(separator: "\n"))
                }
                """)
            blocks.append(contentsOf: renderNormalizer(payload, registry: registry, readers: &readers))
        }
        blocks.append(contentsOf: PayloadReader.allCases.filter(readers.contains).map(\.source))
        return blocks
    }

    /// `NormalizedBadgeCountsPayload`.
    static func normalizedName(_ payload: PayloadShape) -> String { "Normalized" + payload.typeName }

    /// `normalizeBadgeCountsPayload`.
    static func normalizerName(_ payload: PayloadShape) -> String { "normalize" + payload.typeName }

    /// The TypeScript type of a field as union members; `payloadName` names referenced payloads (raw or
    /// normalized). `allowedValues` make a string a union of literals.
    static func typeScriptType(_ type: FieldType, allowed: [String]?, registry: Registry,
                               payloadName: (PayloadShape) -> String) -> [String] {
        switch type {
        case .scalar(let scalar):
            if let allowed, !allowed.isEmpty, TypeScriptSyntax.scalarType(scalar) == "string" {
                return allowed.map(TypeScriptSyntax.string)
            }
            return [TypeScriptSyntax.scalarType(scalar)]
        case .payload(let name):
            return [registry.payload(named: name).map(payloadName) ?? "unknown"]
        case .array(let element):
            let inner = typeScriptType(element, allowed: allowed, registry: registry, payloadName: payloadName)
            return [(inner.count > 1 ? "(\(inner.joined(separator: " | ")))" : inner[0]) + "[]"]
        case .map(let element):
            let inner = typeScriptType(element, allowed: allowed, registry: registry, payloadName: payloadName)
            return ["Record<string, \(inner.joined(separator: " | "))>"]
        }
    }
}
