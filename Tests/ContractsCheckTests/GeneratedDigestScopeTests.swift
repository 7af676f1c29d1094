import ContractsCheck
import ContractsCore
import ContractsGenerate
import ContractsGeneratePlan
import ContractsTestSupport
import Foundation
import XCTest

/// A generated file carries the digest of what it is made from, and nothing else: editing one enum makes only that
/// enum's files stale (its Swift, its TypeScript, and the migration `generate` writes for it carries the same digest),
/// and editing the notification enum leaves every other enum's files current.
final class GeneratedDigestScopeTests: XCTestCase {
    static let registry = """
        version: 1
        notification_types:
          swift_enum: NotificationType
          payload_key: type
          sql: { table: public.notifications, column: type, constraint: notifications_type_check }
          values:
            - { raw: message, deep_link: chat }
            - raw: room_closed
        deep_links:
          swift_enum: DeepLink
          cases:
            - name: chat
              params:
                - { name: roomId, type: uuid, payload_key: room_id }
        enums:
          ChatRoomStatus:
            swift_enum: ChatRoomStatus
            sql: { table: public.chat_rooms, column: status, constraint: chat_rooms_status_check }
            values: [active, archived]
          InviteStatus:
            sql: { table: public.invites, column: status, constraint: invites_status_check }
            values: [pending, accepted]
        migrations:
          - { dir: supabase/migrations, scheme: timestamp }
        sources:
          swift: ["App/**/*.swift"]
          typescript: ["supabase/functions/**/*.ts"]
        outputs:
          swift: App/Generated
          typescript: supabase/functions/_shared/generated
          sql: supabase/migrations

        """

    /// Every column's constraint as the registry above has it: `generate` writes no migration for it.
    static let initMigration = """
        CREATE TABLE public.notifications (id bigserial PRIMARY KEY, type text NOT NULL,
          CONSTRAINT notifications_type_check CHECK (type IN ('message', 'room_closed')));
        CREATE TABLE public.chat_rooms (id bigserial PRIMARY KEY, status text NOT NULL,
          CONSTRAINT chat_rooms_status_check CHECK (status IN ('active', 'archived')));
        -- A decoy: another table's `status` column, never an enum's.
        CREATE TABLE public.rooms_audit (id bigserial PRIMARY KEY, status text NOT NULL);
        CREATE TABLE public.invites (id bigserial PRIMARY KEY, status text NOT NULL,
          CONSTRAINT invites_status_check CHECK (status IN ('pending', 'accepted')));

        """

    static let migrationPath = "supabase/migrations/20260101000000_init.sql"
    static let now = Date(timeIntervalSince1970: 1_780_000_000)

    private func context(_ registryText: String, files: [String: String]) throws -> CheckContext {
        let registry = try RegistryLoader.load(text: registryText, file: "registry.yaml", ruleIDs: RuleCatalog.ids)
        return CheckContext(registry: registry, tree: MemoryTree(text: files.merging(["registry.yaml": registryText]) { a, _ in a }))
    }

    /// The project as `generate` leaves it for `registry`: the migrations, and every generated file.
    private func generatedProject() throws -> [String: String] {
        let files = [Self.migrationPath: Self.initMigration]
        let plan = try GenerationPlan.make(context: try context(Self.registry, files: files), now: Self.now)
        XCTAssertEqual(plan.migrations.map(\.path), [], "every enum's constraint is the registry's")
        return files.merging(plan.sourceFiles.map { ($0.path, $0.contents) }) { a, _ in a }
    }

    /// The `generated-stale` findings for the project under an edited registry, by path; each names its file as
    /// its subject.
    private func stalePaths(_ edited: String, project: [String: String]) throws -> [String] {
        let context = try context(edited, files: project)
        let findings = try GeneratedFilesCheck.findings(plan: try GenerationPlan.sources(context: context), context: context)
        for finding in findings {
            XCTAssertEqual(finding.ruleID, "generated-stale")
            XCTAssertEqual(finding.subject, .file(path: finding.location.file), finding.message)
        }
        return findings.map(\.location.file).sorted()
    }

    func testAFreshProjectIsCurrent() throws {
        XCTAssertEqual(try stalePaths(Self.registry, project: try generatedProject()), [])
    }

    func testEditingOneSharedEnumStalesOnlyItsOwnFiles() throws {
        let project = try generatedProject()
        let edited = Self.registry.replacingOccurrences(of: "values: [active, archived]", with: "values: [active, archived, locked]")
        XCTAssertNotEqual(edited, Self.registry)
        XCTAssertEqual(try stalePaths(edited, project: project), [
            "App/Generated/ChatRoomStatus.swift",
            "supabase/functions/_shared/generated/chatRoomStatus.ts",
        ])
        // The migration `generate` now writes for it carries the digest its Swift and TypeScript carry; no other
        // enum gets one.
        let context = try context(edited, files: project)
        let plan = try GenerationPlan.make(context: context, now: Self.now)
        let migration = try XCTUnwrap(plan.migrations.first)
        XCTAssertEqual(plan.migrations.count, 1)
        XCTAssertTrue(migration.path.hasSuffix("_chat_room_status_check_constraint.sql"), migration.path)
        let swift = try XCTUnwrap(plan.sourceFiles.first { $0.path == "App/Generated/ChatRoomStatus.swift" })
        XCTAssertNotNil(GeneratedHeader.digest(in: migration.contents))
        XCTAssertEqual(GeneratedHeader.digest(in: migration.contents), GeneratedHeader.digest(in: swift.contents))
        XCTAssertNotEqual(GeneratedHeader.digest(in: swift.contents), GeneratedHeader.digest(in: project[swift.path] ?? ""))
    }

    func testEditingTheNotificationEnumLeavesTheOtherEnumsCurrent() throws {
        let project = try generatedProject()
        let edited = Self.registry.replacingOccurrences(of: "    - raw: room_closed\n", with: "    - raw: room_closed\n    - raw: invite_sent\n")
        XCTAssertNotEqual(edited, Self.registry)
        let stale = try stalePaths(edited, project: project)
        XCTAssertTrue(stale.contains("App/Generated/NotificationType.swift"), "\(stale)")
        XCTAssertTrue(stale.contains("supabase/functions/_shared/generated/notificationTypes.ts"), "\(stale)")
        XCTAssertFalse(stale.contains { $0.contains("ChatRoomStatus") || $0.contains("chatRoomStatus") || $0.contains("inviteStatus") },
                       "\(stale)")
    }

    /// The Swift access level is in the bytes of every Swift file, so it stales every enum's Swift; a shared enum's
    /// TypeScript does not depend on it and stays current.
    func testSwiftAccessStalesEverySwiftFileAndNoSharedEnumTypeScript() throws {
        let project = try generatedProject()
        let edited = Self.registry.replacingOccurrences(of: "  sql: supabase/migrations\n",
                                                        with: "  sql: supabase/migrations\n  swift_access: internal\n")
        let stale = try stalePaths(edited, project: project)
        XCTAssertTrue(stale.contains("App/Generated/ChatRoomStatus.swift"), "\(stale)")
        XCTAssertTrue(stale.contains("App/Generated/NotificationType.swift"), "\(stale)")
        XCTAssertFalse(stale.contains("supabase/functions/_shared/generated/chatRoomStatus.ts"), "\(stale)")
        XCTAssertFalse(stale.contains("supabase/functions/_shared/generated/inviteStatus.ts"), "\(stale)")
    }

    /// What only the checkers read stales nothing: `sources:` and `rules:`.
    func testACheckerOnlyEditStalesNothing() throws {
        let project = try generatedProject()
        let edited = Self.registry.replacingOccurrences(of: #"swift: ["App/**/*.swift"]"#, with: #"swift: ["App/**/*.swift", "Kit/**/*.swift"]"#)
            + "rules: { migration-gap: off }\n"
        XCTAssertEqual(try stalePaths(edited, project: project), [])
    }
}
