import ContractsCore
import XCTest

/// `payload-shape-drift` (Swift): `Decodable` types named after registry payloads, by CodingKeys or by
/// snake-cased property names.
final class PayloadShapeTests: XCTestCase {
    private let path = BadgeCountManagerSource.path
    private let registry = CheckHarness.naarsCars

    private func shapeFindings(_ text: String) throws -> [Finding] {
        try CheckHarness.findings(replacing: path, with: text).filter { $0.ruleID == "payload-shape-drift" }
    }

    func testRenamedCodingKeyIsAnExtraKeyAndAMissingField() throws {
        let text = CheckHarness.plant("case bellTotal = \"bell_total\"", "case bellTotal = \"bell_count\"",
                                      in: BadgeCountManagerSource.text)
        let findings = try shapeFindings(text)
        let payload = registry.payload(named: "BadgeCounts")!
        XCTAssertEqual(findings.map(\.location), [
            CheckHarness.location(of: "BadgeCountsPayload: Decodable", in: text, file: path),
            CheckHarness.location(of: "bellTotal = \"bell_count\"", in: text, file: path),
        ])
        XCTAssertEqual(findings.map(\.registryLocation), [payload.fields.first { $0.key == "bell_total" }?.location, payload.location])
        XCTAssertEqual(findings.first?.message,
                       "BadgeCountsPayload does not decode \"bell_total\", a field of payload BadgeCounts; add `case bellTotal = \"bell_total\"` to CodingKeys and a property")
        // Its `init(from:)` reads the renamed key with `decodeIfPresent(...) ?? 0`: always nil, a warning; the
        // generated type's twin not decoding `bell_total` stays an error.
        XCTAssertEqual(findings.map(\.severity), [.error, .warning])
        XCTAssertEqual(findings.last?.message,
                       "BadgeCountsPayload decodes optional key \"bell_count\" (from its CodingKeys) but payload BadgeCounts never sends it, so it is always nil; remove it, or add \"bell_count\" to registry.yaml payloads.BadgeCounts.fields")
    }

    func testStoredPropertiesAreSnakeCasedWhenThereAreNoCodingKeys() throws {
        let text = CheckHarness.plant("let conversationId: UUID\n", "let conversationId: UUID\n        let lastMessageAt: Date?\n",
                                      in: BadgeCountManagerSource.text)
        let findings = try shapeFindings(text)
        XCTAssertEqual(findings.map(\.location), [CheckHarness.location(of: "lastMessageAt", in: text, file: path)])
        // An optional key the payload never sends is always nil: a warning, not an error.
        XCTAssertTrue(findings.first?.message.contains("decodes optional key \"last_message_at\" (from its stored properties (snake_case))") ?? false)
        XCTAssertEqual(findings.map(\.severity), [.warning])
        let required = CheckHarness.plant("let conversationId: UUID\n", "let conversationId: UUID\n        let lastMessageAt: Date\n",
                                          in: BadgeCountManagerSource.text)
        XCTAssertEqual(try shapeFindings(required).map(\.severity), [.error])
        XCTAssertTrue(try shapeFindings(required).first?.message.contains("decodes key \"last_message_at\" (from its stored properties (snake_case))") ?? false)
        let missing = CheckHarness.plant("var unreadCount: Int\n", "", in: BadgeCountManagerSource.text)
        XCTAssertEqual(try shapeFindings(missing).map(\.fix), ["add a `unreadCount` property"])
        XCTAssertEqual(try shapeFindings(missing).map(\.location),
                       [CheckHarness.location(of: "ConversationCountDetail: Decodable", in: missing, file: path)])
    }

    func testOptionalFieldMayBeIgnoredAndNonDecodableTypesAreSkipped() throws {
        let withoutUser = CheckHarness.plant("case userId = \"user_id\"\n", "", in: BadgeCountManagerSource.text)
        XCTAssertEqual(try shapeFindings(withoutUser), [])
        let notDecodable = CheckHarness.plant("struct RequestCountDetail: Decodable, Sendable", "struct RequestCountDetail: Sendable",
                                              in: BadgeCountManagerSource.text)
        let renamedKey = CheckHarness.plant("case requestId = \"request_id\"", "case requestId = \"id\"", in: notDecodable)
        XCTAssertEqual(try shapeFindings(renamedKey), [])
    }

    /// Two local structs of one name keep their own `CodingKeys`: the second `Row` is judged by its own keys, not
    /// by the first one's (which would hide its drift and repeat the first one's findings).
    func testLocalStructsOfOneNameKeepTheirOwnCodingKeys() throws {
        let registry = try RegistryLoader.load(text: RuleExample.baseRegistry + """
            payloads:
              Row:
                type_name: Row
                fields: { ride_id: int, seats: int }

            """, file: "registry.yaml")
        let text = """
            func first() {
                struct Row: Decodable {
                    let rideId: Int
                    let seats: Int
                    enum CodingKeys: String, CodingKey { case rideId = "ride_id"; case seats }
                }
            }
            func second() {
                struct Row: Decodable {
                    let rideId: Int
                    let seats: Int
                    enum CodingKeys: String, CodingKey { case rideId = "ride_id"; case seats = "seat_count" }
                }
            }
            """
        let findings = try CheckHarness.findings(["App/Rows.swift": text], registry: registry)
            .filter { $0.ruleID == "payload-shape-drift" }
        XCTAssertEqual(findings.map(\.location), [
            CheckHarness.location(of: "Row: Decodable", in: text, file: "App/Rows.swift", occurrence: 2),
            CheckHarness.location(of: "seats = \"seat_count\"", in: text, file: "App/Rows.swift"),
        ])
    }
}
