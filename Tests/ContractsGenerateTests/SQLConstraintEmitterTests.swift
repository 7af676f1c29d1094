import ContractsCore
import ContractsMigrations
import ContractsGenerate
import ContractsTestSupport
import Foundation
import XCTest

/// The emitted migration text, compared with checked-in files (`NAARS_UPDATE_GOLDEN=1` rewrites them), and its name.
final class SQLConstraintEmitterTests: XCTestCase {
    func testRepoRegistryGolden() throws {
        try assertGolden(SQLEmitterFixtures.notificationMigration(try SQLEmitterFixtures.repoRegistry(), digest: "sha256:golden"),
                         "naarscars.sql")
    }

    func testDriverAppGolden() throws {
        try assertGolden(SQLEmitterFixtures.notificationMigration(try SQLEmitterFixtures.driverAppRegistry(), digest: "sha256:golden"),
                         "driver-app.sql")
    }

    /// A migration that removes values checks for rows holding them before VALIDATE (and only then).
    func testRemovalGolden() throws {
        try assertGolden(SQLEmitterFixtures.notificationMigration(try SQLEmitterFixtures.driverAppRegistry(), digest: "sha256:golden",
                                                        removing: ["trip_cancelled", "legacy_ping"]),
                         "driver-app-removal.sql")
    }

    func testNoGuardWithoutARemoval() throws {
        let registry = try SQLEmitterFixtures.driverAppRegistry()
        XCTAssertFalse(SQLEmitterFixtures.notificationMigration(registry, digest: "d").contains("DO $"))
        let text = SQLEmitterFixtures.notificationMigration(registry, digest: "d", removing: ["trip_cancelled"])
        let guardAt = try XCTUnwrap(text.range(of: "DO $naars_guard$"))
        let validateAt = try XCTUnwrap(text.range(of: "VALIDATE CONSTRAINT"))
        XCTAssertLessThan(guardAt.lowerBound, validateAt.lowerBound, "the guard runs before VALIDATE")
    }

    func testShape() throws {
        let text = SQLEmitterFixtures.notificationMigration(try SQLEmitterFixtures.repoRegistry(), digest: "sha256:abc")
        XCTAssertTrue(GeneratedHeader.isGenerated(text))
        XCTAssertTrue(text.contains("-- registry-digest: sha256:abc\n"))
        let statements = text.split(separator: "\n").filter { !$0.hasPrefix("--") && !$0.hasPrefix("    ") && !$0.isEmpty }
        XCTAssertEqual(statements, [
            "SET lock_timeout = '5s';",
            "BEGIN;",
            "ALTER TABLE public.notifications DROP CONSTRAINT IF EXISTS valid_notification_type;",
            "ALTER TABLE public.notifications ADD CONSTRAINT valid_notification_type CHECK (type IN (",
            ")) NOT VALID;",
            "COMMIT;",
            "BEGIN;",
            "ALTER TABLE public.notifications VALIDATE CONSTRAINT valid_notification_type;",
            "COMMIT;",
        ])
        XCTAssertTrue(text.contains("    'message',\n"))
        XCTAssertTrue(text.contains("    'other'\n)) NOT VALID;"))
    }

    func testQuotesOnlyWhenNeeded() throws {
        var registry = try SQLEmitterFixtures.driverAppRegistry()
        registry.notificationTypes!.sql! = SQLConstraintTarget(schema: "public", table: "order", column: "Kind",
                                                             constraint: "kind_check", location: registry.location)
        let text = SQLEmitterFixtures.notificationMigration(registry, digest: "d")
        XCTAssertTrue(text.contains("ALTER TABLE public.\"order\" ADD CONSTRAINT kind_check CHECK (\"Kind\" IN ("), text)
        XCTAssertTrue(text.contains("'default'"), "raw values are literals, never identifiers")
    }

    func testFileName() throws {
        let here = SourceLocation(file: "registry.yaml", line: 1, column: 1)
        let database = MigrationFolder(dir: "database", scheme: .sequential(width: 3), location: here)
        let supabase = MigrationFolder(dir: "supabase/migrations", scheme: .timestamp, location: here)
        let existing = ["database/107_badge_counts.sql", "database/128_a.sql", "database/128_b.sql",
                        "supabase/migrations/20260407202111_content_hidden.sql"].map {
            MigrationFile(path: $0, folder: $0.hasPrefix("database") ? database : supabase)
        }
        let now = Date(timeIntervalSince1970: 1_795_312_200) // 2026-11-22 01:50:00 UTC
        // The notification enum's migrations keep their name whatever the enum is called; any other enum's is its own.
        let registry = try SQLEmitterFixtures.driverAppRegistry()
        let types = try XCTUnwrap(registry.contractEnum)
        let slug = EnumSQLEmitter.constraintSlug(types.sharedEnum, notification: types.contract)
        XCTAssertEqual(slug, "notification_type_check_constraint")
        XCTAssertNotEqual(types.sharedEnum.name, "NotificationType", "the slug does not come from the enum's name")
        XCTAssertEqual(EnumSQLEmitter.constraintSlug(types.sharedEnum, notification: nil), Identifiers.snakeCase(types.sharedEnum.name)
            + "_check_constraint")
        XCTAssertEqual(EnumSQLEmitter.fileName(slug, in: database, existing: existing, now: now),
                       "129_notification_type_check_constraint.sql")
        XCTAssertEqual(EnumSQLEmitter.fileName(slug, in: supabase, existing: existing, now: now),
                       "20261122015000_notification_type_check_constraint.sql")
        XCTAssertEqual(EnumSQLEmitter.fileName(slug, in: database, existing: [], now: now),
                       "001_notification_type_check_constraint.sql")
    }

    private func assertGolden(_ text: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        try ContractsTestSupport.assertGolden(text, at: SQLEmitterFixtures.golden(name), file: file, line: line)
    }
}
