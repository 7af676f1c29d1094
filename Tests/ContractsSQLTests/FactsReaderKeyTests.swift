@testable import ContractsSQL
import ContractsCore
import XCTest

/// Every enum's columns and ENUM types are read in one pass, under one memo key (`FactsReader.key`): the key changes
/// whenever what the readers look for changes, and only then.
final class FactsReaderKeyTests: XCTestCase {
    static let registry = """
        version: 1
        enums:
          NotificationKind:
            sql:
              - { table: public.notifications, column: kind, constraint: notifications_kind_check }
              - { table: public.scheduled_notifications, column: kind }
            values: [message, ride_update]
          RoomStatus:
            sql: { table: public.rooms, column: status }
            values: [active, archived]
          Role:
            sql: { enum_type: public.member_role }
            values: [owner, member]
        notifications: { enum: NotificationKind, payload_key: kind }
        emitters:
          sql:
            - { function: notify, argument: 2 }
        migrations: [{ dir: database, scheme: sequential }]

        """

    private func key(_ text: String) throws -> String {
        FactsReader(try RegistryLoader.load(text: text, file: "registry.yaml")).key
    }

    func testOneTargetPerColumnAndEnumTypeTheNotificationEnumFirst() throws {
        let reader = FactsReader(try RegistryLoader.load(text: Self.registry, file: "registry.yaml"))
        XCTAssertEqual(reader.targets.map(\.key), [
            "0\u{1}c\u{1}public\u{1}notifications\u{1}kind\u{1}notifications_kind_check\u{1}",
            "0\u{1}c\u{1}public\u{1}scheduled_notifications\u{1}kind\u{1}scheduled_notifications_kind_check\u{1}",
            "1\u{1}c\u{1}public\u{1}rooms\u{1}status\u{1}rooms_status_check\u{1}",
            "2\u{1}t\u{1}public.member_role",
        ])
        XCTAssertEqual(reader.targets.map(\.isNotification), [true, true, false, false])
        // A declared emitter's values meet its enum's first target.
        XCTAssertEqual(reader.emitters, ["notify": EmitterArgument(position: 2, target: 0)])
    }

    func testTheKeyChangesWithWhatIsReadAndOnlyThen() throws {
        let base = try key(Self.registry)
        XCTAssertEqual(try key(Self.registry), base, "the same registry, the same key")
        // What no reader looks at: values, an enum's Swift name.
        XCTAssertEqual(try key(Self.registry.replacingOccurrences(of: "values: [active, archived]", with: "values: [active, archived, closed]")), base)
        XCTAssertEqual(try key(Self.registry.replacingOccurrences(of: "  RoomStatus:\n", with: "  RoomStatus:\n    swift_enum: RoomStatus\n")), base)
        // What the readers look for.
        let changed = [
            Self.registry.replacingOccurrences(of: "scheduled_notifications", with: "queued_notifications"),
            Self.registry.replacingOccurrences(of: "notifications_kind_check", with: "kind_check"),
            Self.registry.replacingOccurrences(of: "public.member_role", with: "public.role"),
            Self.registry.replacingOccurrences(of: "column: status }", with: "column: state }"),
            Self.registry.replacingOccurrences(of: "{ function: notify, argument: 2 }", with: "{ function: notify, argument: 2, enum: RoomStatus }"),
            Self.registry.replacingOccurrences(of: "{ function: notify, argument: 2 }", with: "{ function: notify, argument: 3 }"),
        ]
        for text in changed { XCTAssertNotEqual(try key(text), base, text) }
        XCTAssertEqual(Set(try changed.map(key)).count, changed.count)
    }

    /// Each migration is parsed once, whatever the number of enums and columns: one history for all of them.
    func testOneParsePerMigrationWhateverTheNumberOfEnums() throws {
        let registry = try RegistryLoader.load(text: Self.registry, file: "registry.yaml")
        let tree = MemoryTree(text: [
            "database/001_init.sql": """
                CREATE TABLE public.notifications (id int, kind text CONSTRAINT notifications_kind_check CHECK (kind IN ('message', 'ride_update')));
                CREATE TABLE public.scheduled_notifications (id int, kind text CHECK (kind IN ('message')));
                CREATE TABLE public.rooms (id int, status text CHECK (status IN ('active', 'archived')));
                CREATE TYPE public.member_role AS ENUM ('owner', 'member');
                INSERT INTO public.scheduled_notifications (id, kind) VALUES (1, 'mesage');
                """,
        ])
        let analysis = try SQLAnalysis.load(CheckContext(registry: registry, tree: tree))
        XCTAssertEqual(analysis.facts.history.count, 1)
        XCTAssertEqual(analysis.facts.targets.map(\.state.active.count), [1, 1, 1, 0])
        XCTAssertEqual(analysis.findings.map { "\($0.ruleID) \($0.location.line):\($0.location.column)" }.sorted(), [
            "sql-constraint-drift 2:64", "sql-unknown-literal 5:66",
        ])
    }

    /// `emitters.sql[].enum`: the emitter's argument is a value of that enum, judged with its words.
    func testAnEmitterNamingAnEnumIsASinkForIt() throws {
        let text = Self.registry.replacingOccurrences(of: "    - { function: notify, argument: 2 }\n",
                                                      with: "    - { function: notify, argument: 2 }\n    - { function: set_room_status, argument: 2, enum: RoomStatus }\n")
        let registry = try RegistryLoader.load(text: text, file: "registry.yaml")
        XCTAssertEqual(FactsReader(registry).emitters["set_room_status"], EmitterArgument(position: 2, target: 2))
        let tree = MemoryTree(text: ["database/001_init.sql": """
            SELECT set_room_status(1, 'archivd');
            SELECT set_room_status(2, 'archived');
            SELECT notify(3, 'mesage');
            """])
        let analysis = try SQLAnalysis.load(CheckContext(registry: registry, tree: tree))
        XCTAssertEqual(analysis.findings.filter { $0.ruleID == "sql-unknown-literal" }.map(\.message), [
            "'archivd' (argument 2 of set_room_status) is not a RoomStatus",
            "'mesage' (argument 2 of notify) is not a registered notification type",
        ])
    }
}
