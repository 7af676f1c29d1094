import ContractsCore
import XCTest

/// The registry keys real apps need (`attributes`, `scope`, `retired`, `push_keys`) decode into the model, and their mistakes are located errors.
final class AttributeScopeAndPushKeyDecodingTests: XCTestCase {
    static let text = """
    version: 1
    notification_types:
      swift_enum: NotificationKind
      payload_key: notificationKind
      sql: { table: public.matches, column: remote_status, enum_type: public.remote_match_status }
      attributes:
        entity_id_key: entityIdKey
        sorts_first: { swift: sortsFirst, type: bool }
      retired: [admin_child_add]
      values:
        - raw: live
          entity_id_key: matchId
          sorts_first: true
        - raw: sent
          scope: app
          entity_id_key: null
        - raw: finished
    push_keys:
      - { key: matchId, type: uuid, types: [live] }
      - { key: reminder_id, optional: true }
    deep_links:
      cases:
        - name: match
          params: [{ name: id, type: uuid, payload_key: matchId }]
    emitters:
      swift: [{ function: sendNotification, argument: kind }]
    outputs: { swift: out/swift, typescript: out/ts }

    """

    func testEveryNewKeyReachesTheModel() throws {
        let registry = try RegistryLoader.load(text: Self.text, file: "registry.yaml")
        let types = registry.notificationTypes!
        XCTAssertNil(types.sql!.constraint)
        XCTAssertEqual(types.sql!.enumType, SQLTypeName(schema: "public", name: "remote_match_status"))
        XCTAssertEqual(types.payloadKey, "notificationKind")
        XCTAssertEqual(types.attributes.map(\.swiftProperty), ["entityIdKey", "sortsFirst"])
        XCTAssertEqual(types.attributes.map(\.type), [.string, .bool])
        XCTAssertEqual(types.value(raw: "live")?.attributeValues, ["entity_id_key": .string("matchId"), "sorts_first": .bool(true)])
        XCTAssertEqual(types.value(raw: "sent")?.attributeValues, ["entity_id_key": .null])
        XCTAssertEqual(types.value(raw: "sent")?.scope, .app)
        XCTAssertEqual(types.serverRawValues, ["live", "finished"])
        XCTAssertEqual(types.appRawValues, ["live", "sent", "finished"])
        XCTAssertEqual(types.retiredRawValues, ["admin_child_add"])
        XCTAssertEqual(registry.pushKeys.map(\.key), ["matchId", "reminder_id"])
        XCTAssertEqual(registry.pushKeys.first?.types, ["live"])
        XCTAssertEqual(registry.pushKeys.last?.optional, true)
        XCTAssertEqual(registry.deepLinks?.cases.first?.params.first?.payloadKey, "matchId")
        XCTAssertEqual(registry.emitters.swift.first?.label, "kind")
    }

    func testMistakesInNewKeysAreLocated() {
        let cases: [(String, String, Int, Int, String)] = [
            ("retired: [admin_child_add]", "retired: [finished]", 9, 13, "cannot come back"),
            ("types: [live] }", "types: [lvie] }", 19, 5, "did you mean 'live'"),
            ("scope: app", "scope: ui", 15, 14, "must be one of all, app, server"),
            ("type: bool }", "type: float }", 8, 45, "must be one of string, bool, int"),
            ("sorts_first: true", "sorts_first: maybe", 13, 20, "must be true or false"),
        ]
        for (old, new, line, column, fragment) in cases {
            XCTAssertTrue(Self.text.contains(old), old)
            do {
                _ = try RegistryLoader.load(text: Self.text.replacingOccurrences(of: old, with: new), file: "registry.yaml")
                XCTFail("expected an error for \(new)")
            } catch let errors as RegistryErrors {
                let match = errors.errors.first { $0.message.contains(fragment) }
                XCTAssertNotNil(match, "\(new): \(errors)")
                XCTAssertEqual(match?.location.line, line, "\(new): \(errors)")
                XCTAssertEqual(match?.location.column, column, "\(new): \(errors)")
            } catch {
                XCTFail("unexpected error \(error)")
            }
        }
    }

    func testAnUnusedNewKeyLeavesTheDigestAlone() throws {
        let plain = try RegistryLoader.load(text: BadRegistryTests.base, file: "registry.yaml")
        var extended = plain
        extended.notificationTypes!.retired = [RetiredValue(raw: "gone", location: plain.location)]
        XCTAssertNotEqual(RegistryDigest.of(plain), RegistryDigest.of(extended))
        extended.notificationTypes!.retired = []
        XCTAssertEqual(RegistryDigest.of(plain), RegistryDigest.of(extended))
    }
}
