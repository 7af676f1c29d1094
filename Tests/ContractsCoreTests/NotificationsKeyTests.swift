import ContractsCore
import Foundation
import XCTest

/// `notifications: { enum, payload_key, swift_properties }` names an `enums:` entry as the notification enum; the
/// values of that entry, and only of that one, take the notification keys.
final class NotificationsKeyTests: XCTestCase {
    static let base = """
    version: 1
    enums:
      RoomStatus:
        swift_enum: RoomStatus
        sql: { table: rooms, column: status }
        values:
          - active
          - { raw: archived, icon: archivebox, scope: server }
      Kind:
        swift_enum: Kind
        sql: { table: notes, column: kind, constraint: notes_kind_check }
        fallback: other
        attributes: { entity_id_key: entityIdKey }
        values:
          - { raw: ping, badge: bell, deep_link: inbox, entity_id_key: ping_id }
          - other
    notifications: { enum: Kind, payload_key: kind }
    badges:
      cases: [bell]
    deep_links:
      cases:
        - name: inbox
    outputs: { swift: out/swift, typescript: out/ts }

    """

    func testTheNamedEnumIsTheNotificationEnum() throws {
        let registry = try RegistryLoader.load(text: Self.base, file: "registry.yaml")
        let types = registry.notificationTypes!
        XCTAssertEqual(types.sharedEnum.name, "Kind")
        XCTAssertEqual(types.payloadKey, "kind")
        XCTAssertEqual(types.rawValues, ["ping", "other"])
        XCTAssertEqual(types.values[0].badge, "bell")
        XCTAssertEqual(types.values[0].deepLinks, ["inbox"])
        XCTAssertEqual(types.values[0].attributeValues["entity_id_key"], .string("ping_id"))
        XCTAssertEqual(types.attributes.map(\.swiftProperty), ["entityIdKey"])
        XCTAssertEqual(types.sql!.constraintName, "notes_kind_check")
        XCTAssertEqual(types.typescriptConst, NotificationTypeSet.defaultTypescriptConst)
        XCTAssertEqual(registry.enums.map(\.name), ["RoomStatus"], "the notification enum is not also a status")
        XCTAssertEqual(registry.allEnums.map(\.name), ["Kind", "RoomStatus"])
        let archived = try XCTUnwrap(registry.enums[0].value(raw: "archived"))
        XCTAssertEqual(archived.scope, .server)
        XCTAssertEqual(archived.icon, "archivebox")
    }

    func testBothFormsAreRefusedAtTheContract() {
        let text = Self.base.replacingOccurrences(of: "notifications: { enum: Kind, payload_key: kind }", with: """
        notifications: { enum: Kind, payload_key: kind }
        notification_types:
          sql: { table: notes, column: kind }
          values: [{ raw: ping }]
        """)
        assertError(text, line: 17, column: 1, contains: "has both notification_types (line 19) and notifications")
    }

    func testAContractNamingNoEnumIsRefusedAtItsName() {
        let text = Self.base.replacingOccurrences(of: "enum: Kind,", with: "enum: Kinds,")
        assertError(text, line: 17, column: 24, contains: "notifications.enum names 'Kinds', which is not an entry of enums")
    }

    func testNotificationKeysAreRefusedOnAnotherEnumsValues() {
        let text = Self.base.replacingOccurrences(of: "- { raw: archived, icon: archivebox, scope: server }",
                                                  with: "- { raw: archived, badge: bell }")
        assertError(text, line: 8, column: 26, contains: "'badge' belongs to notification values: it is accepted only on the values of the enum `notifications.enum` names, and enums.RoomStatus is not it")
    }

    func testAShorthandBesideAnEnumOfItsNameIsRefusedAtTheEnum() {
        let text = """
        version: 1
        notification_types:
          swift_enum: Kind
          sql: { table: notes, column: kind }
          values: [{ raw: ping }]
        enums:
          Kind: { values: [ping] }
        outputs: { swift: out/swift, typescript: out/ts }

        """
        assertError(text, line: 7, column: 3, contains: "enums.Kind is also the enum notification_types declares")
    }

    /// A push type only the payload carries: no column and no Swift enum.
    func testANotificationEnumMayHaveNoColumnAndNoSwiftEnum() throws {
        let text = Self.base.replacingOccurrences(of: "    sql: { table: notes, column: kind, constraint: notes_kind_check }\n", with: "")
            .replacingOccurrences(of: "    swift_enum: Kind\n", with: "")
        let types = try XCTUnwrap(RegistryLoader.load(text: text, file: "registry.yaml").notificationTypes)
        XCTAssertNil(types.sql)
        XCTAssertNil(types.swiftEnum)
        XCTAssertEqual(types.swiftName, "Kind")
    }

    /// The notification enum may be held in several columns: the SQL rules judge each.
    func testANotificationEnumInSeveralColumnsLoads() throws {
        let text = Self.base.replacingOccurrences(of: "    sql: { table: notes, column: kind, constraint: notes_kind_check }\n",
                                                  with: "    sql: [{ table: notes, column: kind }, { table: queued_notes, column: kind }]\n")
        let registry = try RegistryLoader.load(text: text, file: "registry.yaml")
        XCTAssertEqual(registry.notificationTypes?.sharedEnum.sql.columns.map(\.table), ["notes", "queued_notes"])
    }

    /// `emitters.sql[].enum` names the enum an SQL emitter's argument holds (default: the notification enum); an
    /// unknown name is refused at its line.
    func testAnSQLEmitterNamesItsEnum() throws {
        let emitters = """
            emitters:
              sql:
                - { function: notify, argument: 2 }
                - { function: set_room_status, argument: 2, enum: RoomStatus }

            """
        let registry = try RegistryLoader.load(text: Self.base + emitters, file: "registry.yaml")
        XCTAssertEqual(registry.emitters.sql.map(\.enumName), [nil, "RoomStatus"])
        assertError(Self.base + emitters.replacingOccurrences(of: "enum: RoomStatus", with: "enum: RoomState"), line: 27, column: 55,
                    contains: "emitter 'set_room_status' names enum 'RoomState', which is not an entry of enums (the enums are Kind, RoomStatus)")
    }

    /// An app with no notification type has neither form.
    func testARegistryWithoutNotificationsLoads() throws {
        let text = Self.base.replacingOccurrences(of: "notifications: { enum: Kind, payload_key: kind }\n", with: "")
            .replacingOccurrences(of: "{ raw: ping, badge: bell, deep_link: inbox, entity_id_key: ping_id }", with: "{ raw: ping, entity_id_key: ping_id }")
        let registry = try RegistryLoader.load(text: text, file: "registry.yaml")
        XCTAssertNil(registry.notificationTypes)
        XCTAssertEqual(registry.allEnums.map(\.name), ["RoomStatus", "Kind"])
    }

    func testPushKeysNamingTypesNeedANotificationEnum() {
        let text = Self.base.replacingOccurrences(of: "notifications: { enum: Kind, payload_key: kind }\n", with: "push_keys: [{ key: ping_id, types: [ping] }]\n")
            .replacingOccurrences(of: "{ raw: ping, badge: bell, deep_link: inbox, entity_id_key: ping_id }", with: "{ raw: ping, entity_id_key: ping_id }")
        assertError(text, line: 17, column: 13, contains: "push key 'ping_id' names types, but the registry has no notification enum")
    }

    private func assertError(_ text: String, line: Int, column: Int, contains fragment: String,
                             file: StaticString = #filePath, testLine: UInt = #line) {
        assertRegistryError(text, base: Self.base, line: line, column: column, contains: fragment, file: file, testLine: testLine)
    }
}
