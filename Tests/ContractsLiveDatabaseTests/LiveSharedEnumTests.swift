import ContractsTestSupport
import Foundation
import XCTest

/// `check --database-url` over the shared enums (`enums:`) against a real PostgreSQL 15: two enums on three
/// tables' columns (a named CHECK, an unnamed one, a named one) and one ENUM type on two tables, the migration
/// applied to a fresh database, then the dashboard simulated. Each drift is reported at its column's (or the ENUM
/// enum's `sql:`) entry, naming the enum and the column; retired values in a CHECK, a type and rows, and a
/// `status` column no enum names, are silent.
final class LiveSharedEnumTests: XCTestCase {
    static let registry = """
        version: 1
        notification_types:
          swift_enum: NotificationType
          typescript_const: NOTIFICATION_TYPES
          payload_key: type
          sql: { table: public.notifications, column: type, constraint: valid_notification_type }
          values:
            - raw: message
            - raw: ride_update
        enums:
          ChatRoomStatus:
            swift_enum: ChatRoomStatus
            sql:
              - { table: public.chat_rooms, column: status, constraint: chat_rooms_status_check }
              - { table: public.chat_room_events, column: new_status }
            values: [active, archived, deleted]
            retired: [closed]
          InviteStatus:
            sql: { table: public.invites, column: status, constraint: invites_status_check }
            values: [pending, accepted, declined]
          MediaStatus:
            swift_enum: MediaStatus
            sql: { enum_type: media_status }
            values: [uploading, ready, failed]
            retired: [processing]
        migrations:
          - { dir: database, scheme: sequential, width: 3 }
        sources:
          swift: ["App/**/*.swift"]
          typescript: ["supabase/functions/**/*.ts"]
        outputs:
          swift: App/Generated
          typescript: supabase/functions/_shared/generated

        """

    /// The one migration: every column the registry names, a retired value left in a CHECK and in the type, and a
    /// `stories.status` no enum names.
    static let migration = """
        CREATE TABLE public.notifications (
            id bigserial PRIMARY KEY,
            type text NOT NULL CONSTRAINT valid_notification_type CHECK (type IN ('message', 'ride_update'))
        );
        CREATE TABLE public.chat_rooms (
            id bigserial PRIMARY KEY,
            title text CHECK (length(title) < 200),
            status text NOT NULL DEFAULT 'active',
            CONSTRAINT chat_rooms_status_check CHECK (status IN ('active', 'archived', 'deleted', 'closed'))
        );
        CREATE TABLE public.chat_room_events (
            id bigserial PRIMARY KEY,
            new_status text CHECK (new_status IN ('active', 'archived', 'deleted'))
        );
        CREATE TABLE public.invites (
            id bigserial PRIMARY KEY,
            status text NOT NULL CONSTRAINT invites_status_check CHECK (status IN ('pending', 'accepted', 'declined'))
        );
        CREATE TYPE public.media_status AS ENUM ('uploading', 'processing', 'ready', 'failed');
        CREATE TABLE public.media_assets (id bigserial PRIMARY KEY, status public.media_status NOT NULL);
        CREATE TABLE public.message_attachments (id bigserial PRIMARY KEY, state public.media_status);
        CREATE TABLE public.stories (id bigserial PRIMARY KEY, status text CHECK (status IN ('draft', 'viewed')));

        """

    /// Rows every test starts from: retired values in old rows, and a value of a column no enum names.
    static let rows = """
        INSERT INTO public.chat_rooms (status) VALUES ('active'), ('closed');
        INSERT INTO public.chat_room_events (new_status) VALUES ('archived'), (NULL);
        INSERT INTO public.invites (status) VALUES ('pending');
        INSERT INTO public.media_assets (status) VALUES ('processing'), ('ready');
        INSERT INTO public.message_attachments (state) VALUES ('uploading');
        INSERT INTO public.stories (status) VALUES ('viewed');

        """

    func testAnUntouchedDatabaseWithRetiredValuesGivesNoLiveFindings() throws {
        let project = try LiveEnumProject.make(for: self)
        XCTAssertEqual(try project.liveFindings(), [])
    }

    /// A CHECK re-created with one more value and rows holding it, an unnamed CHECK re-added without a value, a
    /// label added to the ENUM type and a column of that type holding it.
    func testChecksLabelsAndRowsChangedInTheDashboard() throws {
        let project = try LiveEnumProject.make(for: self)
        try project.database.succeed("""
            ALTER TABLE public.invites DROP CONSTRAINT invites_status_check;
            ALTER TABLE public.invites ADD CONSTRAINT invites_status_check
                CHECK (status IN ('pending', 'accepted', 'declined', 'expired'));
            INSERT INTO public.invites (status) VALUES ('expired');
            ALTER TABLE public.chat_room_events DROP CONSTRAINT chat_room_events_new_status_check;
            ALTER TABLE public.chat_room_events ADD CHECK (new_status IN ('active', 'archived'));
            ALTER TYPE public.media_status ADD VALUE 'quarantined';
            """)
        try project.database.succeed("INSERT INTO public.message_attachments (state) VALUES ('quarantined');")
        XCTAssertEqual(try project.liveFindings(), [
            "db-constraint-drift registry.yaml:15:9",
            "db-constraint-drift registry.yaml:19:10",
            "db-constraint-drift registry.yaml:23:5",
            "db-unregistered-rows registry.yaml:19:10",
            "db-unregistered-rows registry.yaml:23:5",
        ])
        XCTAssertEqual(try project.liveMessages(), [
            "Live database: CHECK constraint chat_room_events_new_status_check on public.chat_room_events.new_status differs "
                + "from ChatRoomStatus (live lacks 'deleted')",
            "Live database: CHECK constraint invites_status_check on public.invites.status differs from InviteStatus "
                + "(live only 'expired')",
            "Live database: ENUM type public.media_status (columns public.media_assets.status, public.message_attachments.state) "
                + "differs from MediaStatus (live only 'quarantined')",
            "Live rows in public.invites.status hold 'expired', which InviteStatus neither lists nor retires",
            "Live rows in public.message_attachments.state hold 'quarantined', which MediaStatus neither lists nor retires",
        ])
    }

    /// A database the migration reached only in part: the type without a label, a table never created, a named
    /// constraint never added.
    func testALabelATableAndAConstraintMissing() throws {
        let project = try LiveEnumProject.make(for: self, applying: {
            $0.replacingOccurrences(of: "'ready', 'failed'", with: "'ready'")
                .replacingOccurrences(of: "CONSTRAINT invites_status_check CHECK (status IN ('pending', 'accepted', 'declined'))",
                                      with: "")
                .replacingOccurrences(of: """
                    CREATE TABLE public.chat_room_events (
                        id bigserial PRIMARY KEY,
                        new_status text CHECK (new_status IN ('active', 'archived', 'deleted'))
                    );

                    """, with: "")
        }, rows: "")
        XCTAssertEqual(try project.liveFindings(), [
            "db-constraint-drift registry.yaml:15:9",
            "db-constraint-drift registry.yaml:19:10",
            "db-constraint-drift registry.yaml:23:5",
        ])
        XCTAssertEqual(try project.liveMessages(), [
            "Live database: ENUM type public.media_status (columns public.media_assets.status, public.message_attachments.state) "
                + "differs from MediaStatus (live lacks 'failed')",
            "The live database has no readable CHECK constraint on public.invites.status (the registry names "
                + "invites_status_check for InviteStatus)",
            "The live database has no table public.chat_room_events, which holds ChatRoomStatus",
        ])
    }
}

/// A project of `LiveSharedEnumTests.registry` and its migration in a temporary folder, the migration (as edited by
/// `applying`) and `rows` applied to a fresh database, and `check --database-url` run on it with the built CLI.
private struct LiveEnumProject {
    let root: URL
    let database: LiveTestDatabase

    static func make(for test: XCTestCase, applying edit: (String) -> String = { $0 },
                     rows: String = LiveSharedEnumTests.rows) throws -> LiveEnumProject {
        let database = try LiveTestDatabase.create(for: test)
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("naars-live-enums-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("database"), withIntermediateDirectories: true)
        test.addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        try Data(LiveSharedEnumTests.registry.utf8).write(to: root.appendingPathComponent("registry.yaml"))
        try Data(LiveSharedEnumTests.migration.utf8).write(to: root.appendingPathComponent("database/001_init.sql"))
        try database.succeed(edit(LiveSharedEnumTests.migration) + rows)
        return LiveEnumProject(root: root, database: database)
    }

    /// The JSON report's `db-*` findings.
    private func findings(file: StaticString, line: UInt) throws -> [[String: Any]] {
        let result = try TestProcess.run(LiveFixtureApp.binary.path,
                                         ["check", "--no-cache", "--format", "json", "--database-url", database.socketURL()], in: root)
        XCTAssertNotEqual(result.status, 2, "check failed: \(result.stderr)", file: file, line: line)
        let report = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return (report?["findings"] as? [[String: Any]] ?? []).filter { ($0["rule"] as? String)?.hasPrefix("db-") == true }
    }

    /// `rule file:line:column` of each `db-*` finding, sorted.
    func liveFindings(file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        try findings(file: file, line: line).map { "\($0["rule"] ?? "") \($0["file"] ?? ""):\($0["line"] ?? 0):\($0["column"] ?? 0)" }
            .sorted()
    }

    /// The `db-*` findings' messages, sorted.
    func liveMessages(file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        try findings(file: file, line: line).compactMap { $0["message"] as? String }.sorted()
    }
}
