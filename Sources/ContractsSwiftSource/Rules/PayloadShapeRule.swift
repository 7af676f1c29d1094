import ContractsCore
import SwiftSyntax

/// `payload-shape-drift` (Swift side): a `Decodable` type named after a registry payload reads other keys
/// than the payload has.
///
/// A key the type reads and the payload does not have is an error when the decode needs it (it throws on every
/// call), and a warning when it reads it as optional (always nil). A payload field the type ignores is nothing:
/// JSON decoding skips unknown keys, and an app may decode the subset it needs. Only the hand-written twin of a
/// type `generate` writes (same name, `generate` not false) must read every required field, as the generated
/// one does.
enum PayloadShapeRule {
    static func findings(in files: [ParsedSwiftFile], registry: Registry) -> [Finding] {
        let byName = registry.payloads.flatMap { payload in
            files.flatMap { file in
                Set([payload.typeName, payload.name]).sorted().flatMap { name in
                    (file.types.structs[name] ?? []).flatMap { decl -> [Finding] in
                        guard let read = DecodedKeys(decl, in: file.types) else { return [] }
                        // Decoded wherever the app likes, by a decoder whose key strategy is not known here.
                        return compare(read, decl, payload, strategy: .clientDecoder, in: file)
                    }
                }
            }
        }
        return byName + files.flatMap { boundAtCallSite(in: $0, registry: registry) }
    }

    /// A struct of another name decoded from a payload's `rpc` where it is called (a local `Row`) is that
    /// payload's type too.
    private static func boundAtCallSite(in file: ParsedSwiftFile, registry: Registry) -> [Finding] {
        let byRPC = Dictionary(registry.payloads.compactMap { payload in payload.rpc.map { (rpcName($0), payload) } },
                               uniquingKeysWith: { first, _ in first })
        guard !byRPC.isEmpty else { return [] }
        return RPCDecodeReader.localDecodes(in: file).flatMap { rpc, decl, strategy -> [Finding] in
            guard let payload = byRPC[rpcName(rpc)], ![payload.typeName, payload.name].contains(decl.name.plainName),
                  let read = DecodedKeys(decl, in: file.types) else { return [] }
            return compare(read, decl, payload, strategy: strategy, in: file)
        }
    }

    /// An RPC's name as the app calls it and the registry spells it (`get_counts`, `public.get_counts`).
    static func rpcName(_ name: String) -> String {
        let lower = name.lowercased()
        return lower.hasPrefix("public.") ? String(lower.dropFirst("public.".count)) : lower
    }

    /// `read` against `payload`'s keys, each coding key matched to a JSON key as the decoder's `strategy` matches
    /// it (as sent, after `convertFromSnakeCase`, or either way when the decoder is not known).
    private static func compare(_ read: DecodedKeys, _ decl: StructDeclSyntax, _ payload: PayloadShape,
                                strategy: RPCDecode.KeyStrategy, in file: ParsedSwiftFile) -> [Finding] {
        let name = decl.name.plainName
        // A property's key is said as the payload spells its keys: snake_case, unless the payload's keys are all
        // sent as written in camelCase (`availableToPlay`) or the decoder matches keys only as sent.
        let camelPayload = !payload.keys.isEmpty && payload.keys.allSatisfy { !$0.contains("_") }
            && payload.keys.contains { $0.contains(where: \.isUppercase) }
        let asWritten = read.fromCodingKeys || strategy == .useDefaultKeys || camelPayload
        let source = read.fromCodingKeys ? "CodingKeys" : asWritten ? "stored properties" : "stored properties (snake_case)"
        var findings: [Finding] = []
        for read in read.keys where !payload.keys.contains(where: { read.matches($0, strategy) }) {
            let key = asWritten ? read.codingKey : Identifiers.snakeCase(read.codingKey)
            var message = read.optional
                ? "\(name) decodes optional key \"\(key)\" (from its \(source)) but payload \(payload.name) never sends it, so it is always nil; remove it, or add \"\(key)\" to registry.yaml payloads.\(payload.name).fields"
                : "\(name) decodes key \"\(key)\" (from its \(source)) but payload \(payload.name) has no such field; remove it, or add \"\(key)\" to registry.yaml payloads.\(payload.name).fields"
            var fix = "remove \"\(key)\" from \(name), or add it to payloads.\(payload.name).fields in registry.yaml"
            // The payload has the key, but the decoder's strategy keeps the two apart.
            if strategy == .convertFromSnakeCase, payload.keys.contains(read.codingKey) {
                let converted = RPCDecode.convertFromSnakeCase(read.codingKey)
                message = "\(name) decodes key \"\(key)\" with a decoder set to convertFromSnakeCase, which turns the payload's \"\(key)\" into \"\(converted)\" before matching, so \"\(key)\" never matches"
                    + (read.optional ? " and is always nil" : " and the decode throws")
                fix = "spell the coding key \"\(converted)\", or decode with keys as sent"
            } else if strategy == .useDefaultKeys, let sent = payload.keys.first(where: { RPCDecode.convertFromSnakeCase($0) == read.codingKey }) {
                message += "; the payload sends \"\(sent)\", which only a decoder set to convertFromSnakeCase reads as \(read.codingKey)"
                fix = "spell the coding key \"\(sent)\", or set the decoder's keyDecodingStrategy to .convertFromSnakeCase"
            }
            var finding = Finding(
                .payloadShapeDrift, message,
                at: file.location(of: read.node), registry: payload.location, fix: fix,
                subject: .payloadField(payload: payload.name, field: key))
            if read.optional { finding.severity = .warning }
            findings.append(finding)
        }
        guard payload.generatesSwift && name == payload.typeName else { return findings }
        for field in payload.fields where !field.optional && !read.keys.contains(where: { $0.matches(field.key, strategy) }) {
            let how = read.fromCodingKeys ? "add `case \(field.swiftName) = \"\(field.key)\"` to CodingKeys and a property"
                                          : "add a `\(field.swiftName)` property"
            findings.append(Finding(
                .payloadShapeDrift,
                "\(name) does not decode \"\(field.key)\", a field of payload \(payload.name); \(how)",
                at: file.location(of: decl.name), registry: field.location, fix: how,
                subject: .payloadField(payload: payload.name, field: field.key)))
        }
        return findings
    }
}

extension PayloadShapeRule: SwiftFactRule {
    /// A payload type is named like the payload (or by its `swift_type`), or decoded where its RPC is called.
    static func needles(_ registry: Registry) -> [String] {
        registry.payloads.flatMap { [$0.typeName, $0.name] } + (registry.payloads.contains { $0.rpc != nil } ? ["rpc("] : [])
    }

    static let rule = Rule.payloadShapeDrift
    static func findings(_ facts: SwiftRuleFacts) -> [Finding] { findings(in: facts.files, registry: facts.registry) }

    static let payload = """
        payloads:
          RideSummary:
            type_name: RideSummary
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
    /// A local `Row` decoded where the payload's RPC is called: it reads a key the payload has not (`mark`), and
    /// need not read every field.
    static func callSite(_ rpc: String, seatsKey: String, mark: String = "") -> [String: String] {
        ["App/Rides.swift": """
            func summary() async throws -> Int {
                struct Row: Decodable {
                    let rideId: Int
                    let seats: Int
                    enum CodingKeys: String, CodingKey { case rideId = "ride_id"; case \(mark)seats = \(seatsKey) }
                }
                let row: Row = try await client.rpc("\(rpc)").execute().value
                return row.seats
            }
            """]
    }
    static let rpcPayload = """
        payloads:
          RideSummary:
            rpc: get_ride_summary
            fields: { ride_id: int, seats: int }

        """
    static let triggeringExamples = [
        RuleExample(source("\"seat\"", mark: "↓"), registryAdding: payload),
        RuleExample(callSite("get_ride_summary", seatsKey: "\"seat\"", mark: "↓"), registryAdding: rpcPayload),
    ]
    static let nonTriggeringExamples = [
        RuleExample(source("\"seats\""), registryAdding: payload),
        RuleExample(callSite("get_ride_summary", seatsKey: "\"seats\""), registryAdding: rpcPayload),
        RuleExample(callSite("get_other_summary", seatsKey: "\"seat\""), registryAdding: rpcPayload),
    ]
}
