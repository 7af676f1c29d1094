@testable import ContractsSQL
import ContractsCore
import Foundation
import XCTest

/// The scheduled-app fixture (the notification enum in `notifications.kind` and `scheduled_notifications.kind`)
/// against a real PostgreSQL 15: its migrations apply, each table rejects a kind its CHECK lacks, and the two
/// writes the drift app plants are real: calling `schedule_notification` without a kind (its DEFAULT) or through the
/// job of the later migration fails on the second table's constraint, while the clean twin's calls succeed.
final class TwoColumnNotificationPostgresTests: XCTestCase {
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("ContractsCheckTests/Fixtures")
    private static let user = "'00000000-0000-0000-0000-000000000002'::uuid"

    private func database(_ app: String) throws -> PostgresScratch {
        let scratch = try PostgresScratch.create()
        let folder = Self.fixtures.appendingPathComponent("\(app)/supabase/migrations")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where name.hasSuffix(".sql") {
            try scratch.apply(file: folder.appendingPathComponent(name))
        }
        return scratch
    }

    func testEachTableRejectsAnUnregisteredKind() throws {
        for app in ["scheduled-app-clean", "scheduled-app-drift"] {
            let db = try database(app)
            defer { db.drop() }
            for table in ["notifications", "scheduled_notifications"] {
                XCTAssertNoThrow(try db.rows("INSERT INTO public.\(table) (user_id, kind) VALUES (\(Self.user), 'weekly_summary')"), "\(app) \(table)")
                XCTAssertThrowsError(try db.rows("INSERT INTO public.\(table) (user_id, kind) VALUES (\(Self.user), 'weekly_digest')"),
                                     "\(app): \(table) accepts an unregistered kind") { error in
                    XCTAssertTrue("\(error)".contains("\(table)_kind_check"), "\(error)")
                }
            }
            // The retired value's old row was cleaned up.
            XCTAssertEqual(try db.rows("SELECT kind FROM public.notifications WHERE kind = 'ride_offer'"), [])
        }
    }

    func testThePlantedWritesFailOnTheSecondTableAndTheCleanOnesDoNot() throws {
        let clean = try database("scheduled-app-clean")
        defer { clean.drop() }
        XCTAssertNoThrow(try clean.rows("SELECT public.schedule_notification(\(Self.user))"))
        XCTAssertNoThrow(try clean.rows("SELECT public.queue_weekly_jobs(\(Self.user))"))
        XCTAssertEqual(try clean.rows("SELECT kind, count(*) FROM public.scheduled_notifications GROUP BY kind ORDER BY kind"),
                       [["ride_update", "1"], ["weekly_summary", "2"]])

        let drift = try database("scheduled-app-drift")
        defer { drift.drop() }
        for call in ["schedule_notification(\(Self.user))", "queue_weekly_jobs(\(Self.user))"] {
            XCTAssertThrowsError(try drift.rows("SELECT public.\(call)"), call) { error in
                XCTAssertTrue("\(error)".contains("scheduled_notifications_kind_check"), "\(error)")
            }
        }
        XCTAssertNoThrow(try drift.rows("SELECT public.schedule_notification(\(Self.user), 'new_message')"))
    }

    /// What `generate` writes for a new kind (`Tests/Golden/two-column-notification-enum/migration.sql`, checked by
    /// ContractsCheckTests' `TwoColumnNotificationGenerateTests`), applied after the clean app's migrations: both
    /// tables accept the new kind, and both still reject a kind the registry lacks.
    func testTheGeneratedMigrationLetsBothTablesHoldTheNewKindAndNothingElse() throws {
        let db = try database("scheduled-app-clean")
        defer { db.drop() }
        let golden = Self.fixtures.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Golden/two-column-notification-enum/migration.sql")
        for table in ["notifications", "scheduled_notifications"] {
            XCTAssertThrowsError(try db.rows("INSERT INTO public.\(table) (user_id, kind) VALUES (\(Self.user), 'weekly_digest')"))
        }
        try db.apply(file: golden)
        for table in ["notifications", "scheduled_notifications"] {
            XCTAssertNoThrow(try db.rows("INSERT INTO public.\(table) (user_id, kind) VALUES (\(Self.user), 'weekly_digest')"), table)
            XCTAssertThrowsError(try db.rows("INSERT INTO public.\(table) (user_id, kind) VALUES (\(Self.user), 'weekly_digets')"),
                                 "\(table) accepts an unregistered kind") { error in
                XCTAssertTrue("\(error)".contains("\(table)_kind_check"), "\(error)")
            }
        }
        XCTAssertNoThrow(try db.rows("SELECT public.schedule_notification(\(Self.user), 'weekly_digest')"))
    }
}
