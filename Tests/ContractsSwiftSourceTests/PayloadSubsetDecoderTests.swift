import ContractsCore
import XCTest

/// `payload-shape-drift` (Swift) for decoders that read a subset of a payload: a field the decoder ignores is no
/// finding (JSON decoding skips unknown keys), a key it needs and the payload never sends is an error, and a key it
/// reads as optional and the payload never sends is a warning (always nil). Only the hand-written twin of a type
/// `generate` writes must read every required field.
final class PayloadSubsetDecoderTests: XCTestCase {
    private static let registry = try! RegistryLoader.load(text: RuleExample.baseRegistry + """
        payloads:
          Wallet:
            type_name: WalletPayload
            generate: false
            fields:
              balance_pence: int
              withdrawable_pence: int
              pending_pence: { type: int, default: 0 }
              note: { type: string, optional: true }
          BadgeTotals:
            rpc: get_badge_totals
            generate: false
            fields:
              user_id: uuid
              bell_total: int
              messages_total: int
          RideSummary:
            type_name: RideSummary
            fields:
              ride_id: int
              seats: int

        """, file: "registry.yaml")

    private func shapeFindings(_ files: [String: String]) throws -> [Finding] {
        try CheckHarness.findings(files, registry: Self.registry).filter { $0.ruleID == "payload-shape-drift" }
    }

    /// Bound by `type_name` (`generate: false`): the decoder ignores `withdrawable_pence` and `pending_pence`
    /// (no finding), needs `available_pence` (error) and reads `on_xbill` as optional (warning), by property type
    /// and by `decodeIfPresent` in a hand-written `init(from:)`.
    func testATypeNameDecoderReadingASubsetIsJudgedOnlyByTheKeysItReads() throws {
        let text = """
            struct WalletPayload: Decodable {
                let balancePence: Int
                let availablePence: Int
                let onXbill: Bool?
                let pendingLabel: String
                let fee: Int
                enum CodingKeys: String, CodingKey {
                    case balancePence = "balance_pence"
                    case availablePence = "available_pence"
                    case onXbill = "on_xbill"
                    case pendingLabel = "pending_label"
                    case fee = "fee_pence"
                }
                init(from decoder: Decoder) throws {
                    let c = try decoder.container(keyedBy: CodingKeys.self)
                    balancePence = try c.decode(Int.self, forKey: .balancePence)
                    availablePence = try c.decode(Int.self, forKey: .availablePence)
                    onXbill = try c.decodeIfPresent(Bool.self, forKey: .onXbill)
                    pendingLabel = try c.decodeIfPresent(String.self, forKey: .pendingLabel) ?? "none"
                    fee = (try? c.decode(Int.self, forKey: .fee)) ?? 0
                }
            }
            // Decoys: not Decodable, and a Decodable of another name reading keys no payload has.
            struct WalletPayloadView { let missing: Int }
            struct WalletSummary: Decodable { let somethingElse: Int }
            """
        let path = "App/Wallet.swift"
        let findings = try shapeFindings([path: text])
        XCTAssertEqual(findings.map(\.location), [
            CheckHarness.location(of: "availablePence = \"available_pence\"", in: text, file: path),
            CheckHarness.location(of: "onXbill = \"on_xbill\"", in: text, file: path),
            CheckHarness.location(of: "pendingLabel = \"pending_label\"", in: text, file: path),
            CheckHarness.location(of: "fee = \"fee_pence\"", in: text, file: path),
        ])
        XCTAssertEqual(findings.map(\.severity), [.error, .warning, .warning, .warning])
        XCTAssertEqual(findings.map(\.subject), ["available_pence", "on_xbill", "pending_label", "fee_pence"].map {
            .payloadField(payload: "Wallet", field: $0)
        })
        XCTAssertEqual(findings[1].message,
                       "WalletPayload decodes optional key \"on_xbill\" (from its CodingKeys) but payload Wallet never sends it, so it is always nil; remove it, or add \"on_xbill\" to registry.yaml payloads.Wallet.fields")
        XCTAssertFalse(findings.contains { $0.message.contains("does not decode") })
    }

    /// Bound at the `.rpc` call: a local `Row` reading `bell_total` only is silent; one needing `rides_total` is
    /// an error and one reading it as `Int?` a warning. A decode of another RPC is not judged.
    func testAnRPCBoundDecoderReadingASubsetIsJudgedOnlyByTheKeysItReads() throws {
        let text = """
            func bells() async throws -> Int {
                struct Row: Decodable { let bellTotal: Int }
                let row: Row = try await client.rpc("get_badge_totals").execute().value
                return row.bellTotal
            }
            func rides() async throws -> Int {
                struct Row: Decodable {
                    let bellTotal: Int
                    let ridesTotal: Int
                }
                let row: Row = try await client.rpc("get_badge_totals").execute().value
                return row.ridesTotal
            }
            func maybeRides() async throws -> Int? {
                struct Row: Decodable {
                    let userId: UUID
                    let ridesTotal: Int?
                }
                let row: Row = try await client.rpc("public.get_badge_totals").execute().value
                return row.ridesTotal
            }
            func other() async throws -> Int {
                struct Row: Decodable { let ridesTotal: Int }
                let row: Row = try await client.rpc("get_ride_totals").execute().value
                return row.ridesTotal
            }
            """
        let path = "App/Badges.swift"
        let findings = try shapeFindings([path: text])
        XCTAssertEqual(findings.map(\.location), [
            CheckHarness.location(of: "ridesTotal: Int\n", in: text, file: path),
            CheckHarness.location(of: "ridesTotal: Int?", in: text, file: path),
        ])
        XCTAssertEqual(findings.map(\.severity), [.error, .warning])
        XCTAssertEqual(findings.map(\.subject), [.payloadField(payload: "BadgeTotals", field: "rides_total"),
                                                 .payloadField(payload: "BadgeTotals", field: "rides_total")])
    }

    /// The hand-written twin of a generated type (same name, `generate` not false) must read every required
    /// field, as the generated one does; a local `Row` bound to the same payload at its call need not.
    func testTheTwinOfAGeneratedTypeStillDecodesEveryRequiredField() throws {
        let registry = try RegistryLoader.load(text: RuleExample.baseRegistry + """
            payloads:
              RideSummary:
                type_name: RideSummary
                rpc: get_ride_summary
                fields: { ride_id: int, seats: int, note: { type: string, optional: true } }

            """, file: "registry.yaml")
        let text = """
            struct RideSummary: Decodable { let rideId: Int }
            func seats() async throws -> Int {
                struct Row: Decodable { let seats: Int }
                let row: Row = try await client.rpc("get_ride_summary").execute().value
                return row.seats
            }
            """
        let findings = try CheckHarness.findings(["App/Rides.swift": text], registry: registry)
            .filter { $0.ruleID == "payload-shape-drift" }
        XCTAssertEqual(findings.map(\.message),
                       ["RideSummary does not decode \"seats\", a field of payload RideSummary; add a `seats` property"])
        XCTAssertEqual(findings.map(\.severity), [.error])
    }
}
