import ContractsCore
import XCTest

/// Payload field keys are JSON keys as the server sends them: an edge function answers in camelCase
/// (`{ availableToPlay: … }`), a header-like key has hyphens. A hand-written decoder's coding keys (its `CodingKeys`
/// strings, else its property names) are matched as its decoder matches them: as sent, after
/// `convertFromSnakeCase`, or either way when the decoder is not known.
final class PayloadJSONKeyTests: XCTestCase {
    private static let registry = try! RegistryLoader.load(text: RuleExample.baseRegistry + """
        payloads:
          Availability:
            type_name: AvailabilityPayload
            generate: false
            fields:
              availableToPlay: int
              hostName: { type: string, optional: true }
              x-request-id: { type: string, optional: true }
              seat_count: { type: int, default: 0 }
          Slots:
            rpc: get_open_slots
            generate: false
            fields:
              slot_id: int
              startsAt: string

        """, file: "registry.yaml")

    private func shapeFindings(_ files: [String: String]) throws -> [Finding] {
        try CheckHarness.findings(files, registry: Self.registry).filter { $0.ruleID == "payload-shape-drift" }
    }

    func testCamelCaseAndHyphenatedKeysLoadWithTheirSwiftNames() throws {
        let payload = try XCTUnwrap(Self.registry.payloads.first)
        XCTAssertEqual(payload.fields.map(\.key), ["availableToPlay", "hostName", "x-request-id", "seat_count"])
        XCTAssertEqual(payload.fields.map(\.swiftName), ["availableToPlay", "hostName", "xRequestId", "seatCount"])
    }

    /// Bound by `type_name`, decoder unknown: a property named as the camelCase key, a snake_case key read by a
    /// camelCase property (`convertFromSnakeCase` gives it) and a `CodingKeys` string naming the hyphenated key
    /// are all read. A property whose name no decoder makes of any key (`available_to_play` for
    /// `availableToPlay`; `userID` for `user_id`) reads a key the payload never sends.
    func testATypeNameDecoderOfCamelCaseKeysIsJudgedByTheKeysAsSent() throws {
        let good = """
            struct AvailabilityPayload: Decodable {
                let availableToPlay: Int
                let hostName: String?
                let seatCount: Int?
                let requestId: String?
                enum CodingKeys: String, CodingKey {
                    case availableToPlay, hostName
                    case seatCount = "seat_count"
                    case requestId = "x-request-id"
                }
            }
            """
        XCTAssertEqual(try shapeFindings(["App/Availability.swift": good]), [])
        let plain = """
            struct AvailabilityPayload: Decodable {
                let availableToPlay: Int
                let seatCount: Int
                let hostName: String?
            }
            """
        XCTAssertEqual(try shapeFindings(["App/Availability.swift": plain]), [])
        let bad = """
            struct AvailabilityPayload: Decodable {
                let available_to_play: Int
                let hostname: String?
            }
            """
        let path = "App/Availability.swift"
        let findings = try shapeFindings([path: bad])
        XCTAssertEqual(findings.map(\.location), [
            CheckHarness.location(of: "available_to_play", in: bad, file: path),
            CheckHarness.location(of: "hostname", in: bad, file: path),
        ])
        XCTAssertEqual(findings.map(\.severity), [.error, .warning])
        XCTAssertEqual(findings.map(\.subject), [.payloadField(payload: "Availability", field: "available_to_play"),
                                                 .payloadField(payload: "Availability", field: "hostname")])
        XCTAssertEqual(findings[0].message,
                       "AvailabilityPayload decodes key \"available_to_play\" (from its stored properties (snake_case)) but payload Availability has no such field; remove it, or add \"available_to_play\" to registry.yaml payloads.Availability.fields")
    }

    /// Bound at the `.rpc` call, the decoder known: `JSONDecoder()` keeps keys as sent (a `slotId` property does not
    /// read `slot_id`), a decoder set to `convertFromSnakeCase` in the same function turns `slot_id` into `slotId`
    /// and leaves `startsAt` alone, but then never matches a `CodingKeys` string spelled in snake_case. The client's
    /// `.execute().value` decoder is configured elsewhere: either way matches.
    func testAnRPCBoundDecoderMatchesKeysAsItsDecoderDoes() throws {
        let text = """
            func plain() async throws -> Int {
                struct Row: Decodable { let slotId: Int; let startsAt: String }
                let response = try await client.rpc("get_open_slots").execute()
                let rows = try JSONDecoder().decode([Row].self, from: response.data)
                return rows.count
            }
            func plainSnake() async throws -> Int {
                struct Row: Decodable { let slot_id: Int; let startsAt: String }
                let response = try await client.rpc("get_open_slots").execute()
                let rows = try JSONDecoder().decode([Row].self, from: response.data)
                return rows.count
            }
            func converting() async throws -> Int {
                struct Row: Decodable { let slotId: Int; let startsAt: String }
                let response = try await client.rpc("get_open_slots").execute()
                let decoder = JSONDecoder()
                decoder.keyDecodingStrategy = .convertFromSnakeCase
                let rows = try decoder.decode([Row].self, from: response.data)
                return rows.count
            }
            func convertingWithKeys() async throws -> Int {
                struct Row: Decodable {
                    let slot: Int
                    enum CodingKeys: String, CodingKey { case slot = "slot_id" }
                }
                let response = try await client.rpc("get_open_slots").execute()
                let decoder = JSONDecoder()
                decoder.keyDecodingStrategy = .convertFromSnakeCase
                let rows = try decoder.decode([Row].self, from: response.data)
                return rows.count
            }
            func client() async throws -> Int {
                struct Row: Decodable { let slotId: Int; let slot_id: Int; let startsAt: String }
                let rows: [Row] = try await client.rpc("get_open_slots").execute().value
                return rows.count
            }
            """
        let path = "App/Slots.swift"
        let findings = try shapeFindings([path: text])
        XCTAssertEqual(findings.map(\.location), [
            CheckHarness.location(of: "slotId: Int", in: text, file: path),
            CheckHarness.location(of: "slot = \"slot_id\"", in: text, file: path),
        ])
        XCTAssertEqual(findings.map(\.subject), [.payloadField(payload: "Slots", field: "slotId"),
                                                 .payloadField(payload: "Slots", field: "slot_id")])
        XCTAssertEqual(findings.map(\.severity), [.error, .error])
    }

    /// The registry refuses a key that is no JSON key of identifier characters and hyphens, and one that leaves no
    /// Swift name unless `swift_name` gives one; `swift_name` is read; two keys one Swift name are refused.
    func testTheRegistryAcceptsJSONKeysAndRefusesWhatMakesNoSwift() throws {
        func load(_ fields: String) throws -> Registry {
            try RegistryLoader.load(text: RuleExample.baseRegistry + """
                payloads:
                  P:
                    type_name: P
                    fields: \(fields)

                """, file: "registry.yaml")
        }
        func error(_ fields: String) -> String? {
            do {
                _ = try load(fields)
                return nil
            } catch let errors as RegistryErrors {
                return errors.errors.first?.message
            } catch {
                return "\(error)"
            }
        }
        let loaded = try load("{ _id: { type: int, swift_name: rawId }, URL: string, Kind-Name: string, a1: int }")
        XCTAssertEqual(loaded.payloads[0].fields.map(\.swiftName), ["rawId", "url", "kindName", "a1"])
        XCTAssertEqual(error("{ \"x.y\": int }"),
                       "field key 'x.y' must be a JSON key of letters, digits, underscores and hyphens (^[A-Za-z_][A-Za-z0-9_-]*$)")
        XCTAssertEqual(error("{ \"-x\": int }"),
                       "field key '-x' must be a JSON key of letters, digits, underscores and hyphens (^[A-Za-z_][A-Za-z0-9_-]*$)")
        XCTAssertEqual(error("{ _: int }"), "field key '_' makes no Swift property name; give it a swift_name")
        XCTAssertNil(error("{ _: { type: int, swift_name: underscore } }"))
        XCTAssertEqual(error("{ user_id: int, userId: int }"), "duplicate Swift property name in P 'userId' (first at line 21)")
        XCTAssertEqual(error("{ a: { type: int, swift_name: \"a b\" } }"),
                       "swift_name of a 'a b' must be an identifier (^[A-Za-z_][A-Za-z0-9_]*$)")
        XCTAssertEqual(error("{ kind: { type: string, enum: [a] }, Kind: { type: string, enum: [b], swift_name: kind2 } }"),
                       "duplicate value list name (snake_case of a field key with enum) in P 'kind' (first at line 21)")
    }
}
