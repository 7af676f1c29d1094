import ContractsCore
import SwiftSyntax

/// `payload-shape-drift` (Swift side): a `Decodable` type named after a registry payload reads other keys
/// than the payload has.
///
/// Missing optional fields are not reported: ignoring a key the server may omit is harmless. Every other
/// registered key the type does not read, and every key it reads that the registry does not have, is.
enum PayloadShapeRule {
    static func findings(in files: [ParsedSwiftFile], registry: Registry) -> [Finding] {
        registry.payloads.flatMap { payload in
            files.flatMap { file in
                Set([payload.typeName, payload.name]).sorted().flatMap { name in
                    (file.types.structs[name] ?? []).flatMap { decl -> [Finding] in
                        guard let read = DecodedKeys(decl, in: file.types) else { return [] }
                        return compare(read, decl, payload, in: file)
                    }
                }
            }
        }
    }

    private static func compare(_ read: DecodedKeys, _ decl: StructDeclSyntax, _ payload: PayloadShape,
                                in file: ParsedSwiftFile) -> [Finding] {
        let name = decl.name.plainName
        let source = read.fromCodingKeys ? "CodingKeys" : "stored properties (snake_case)"
        var findings: [Finding] = []
        for (key, node) in read.keys where !payload.keys.contains(key) {
            findings.append(Finding(
                .payloadShapeDrift,
                "\(name) decodes key \"\(key)\" (from its \(source)) but payload \(payload.name) has no such field; remove it, or add \"\(key)\" to registry.yaml payloads.\(payload.name).fields",
                at: file.location(of: node), registry: payload.location,
                subject: .payloadField(payload: payload.name, field: key)))
        }
        let readKeys = Set(read.keys.map(\.key))
        for field in payload.fields where !field.optional && !readKeys.contains(field.key) {
            let how = read.fromCodingKeys ? "add `case \(field.swiftName) = \"\(field.key)\"` to CodingKeys and a property"
                                          : "add a `\(field.swiftName)` property"
            findings.append(Finding(
                .payloadShapeDrift,
                "\(name) does not decode \"\(field.key)\", a field of payload \(payload.name); \(how)",
                at: file.location(of: decl.name), registry: field.location,
                subject: .payloadField(payload: payload.name, field: field.key)))
        }
        return findings
    }
}

extension PayloadShapeRule: SwiftFactRule {
    /// A payload type is named like the payload (or by its `swift_type`).
    static func needles(_ registry: Registry) -> [String] { registry.payloads.flatMap { [$0.typeName, $0.name] } }

    static let rule = Rule.payloadShapeDrift
    static func findings(_ facts: SwiftRuleFacts) -> [Finding] { findings(in: facts.files, registry: facts.registry) }

    static let payload = """
        payloads:
          RideSummary:
            fields: { ride_id: int, seats: int }

        """
    /// `mark` is `↓` when the example triggers: a key read under another name is one missing and one extra key.
    static func source(_ seatsKey: String, mark: String = "") -> [String: String] {
        ["App/RideSummary.swift": """
            struct \(mark)RideSummary: Decodable {
                let rideId: Int
                let seats: Int
                enum CodingKeys: String, CodingKey {
                    case rideId = "ride_id"
                    case \(mark)seats = \(seatsKey)
                }
            }
            """]
    }
    static let triggeringExamples = [RuleExample(source("\"seat\"", mark: "↓"), registryAdding: payload)]
    static let nonTriggeringExamples = [RuleExample(source("\"seats\""), registryAdding: payload)]
}
