import ContractsCheck
import ContractsCore
import ContractsGeneratePlan
import ContractsSQL
import ContractsTestSupport
import Foundation
import XCTest

/// `generate` for a notification enum held in two columns (the scheduled-app fixture: `notifications.kind` and
/// `scheduled_notifications.kind`): a new kind re-creates the CHECK constraint on both columns, in one migration
/// (`Tests/Golden/two-column-notification-enum`; `NAARS_UPDATE_GOLDEN=1` rewrites it), after which `check` finds
/// no constraint drift on either. ContractsSQLTests' `TwoColumnNotificationPostgresTests` applies the golden to a
/// real PostgreSQL 15.
final class TwoColumnNotificationGenerateTests: XCTestCase {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/scheduled-app-clean")
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Golden/two-column-notification-enum")

    /// The fixture's registry with these values and `outputs.sql` set, and its migrations (and `extra` ones).
    static func context(registered values: String, adding extra: [String: String] = [:]) throws -> CheckContext {
        var text = try String(contentsOf: fixture.appendingPathComponent("registry.yaml"), encoding: .utf8)
        text = text.replacingOccurrences(of: "values: [new_message, ride_update, weekly_summary]", with: "values: [\(values)]")
        text += "  sql: supabase/migrations\n"
        var files = extra.merging(["registry.yaml": text]) { a, _ in a }
        let folder = fixture.appendingPathComponent("supabase/migrations")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".sql") {
            files["supabase/migrations/" + name] = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        }
        let registry = try RegistryLoader.load(text: text, file: "registry.yaml", ruleIDs: RuleCatalog.ids)
        return CheckContext(registry: registry, tree: MemoryTree(text: files))
    }

    static let now = Date(timeIntervalSince1970: 1_780_000_000)

    func testANewKindRecreatesTheConstraintOnBothColumnsInOneMigration() throws {
        let context = try Self.context(registered: "new_message, ride_update, weekly_summary, weekly_digest")
        let migrations = try GenerationPlan.make(context: context, now: Self.now).files.filter { $0.path.hasSuffix(".sql") }
        XCTAssertEqual(migrations.count, 1, "\(migrations.map(\.path))")
        let migration = try XCTUnwrap(migrations.first)
        for constraint in ["notifications_kind_check", "scheduled_notifications_kind_check"] {
            XCTAssertTrue(migration.contents.contains("ADD CONSTRAINT \(constraint)"), "\(constraint) in\n\(migration.contents)")
        }
        try assertGolden(migration.contents, at: Self.golden.appendingPathComponent("migration.sql"),
                         name: "two-column-notification-enum/migration.sql")

        // After it, both columns hold exactly the registry's kinds.
        var tree = try XCTUnwrap(context.tree as? MemoryTree)
        tree.contents[migration.path] = Data(migration.contents.utf8)
        let after = CheckContext(registry: context.registry, tree: tree)
        let drift = try SQLSourceCheck.findings(in: after).filter { $0.ruleID == "sql-constraint-drift" }
        XCTAssertEqual(drift.map(\.message), [])
    }

    /// Decoy: with the registry as the migrations already have it, nothing is written; a change to only the second
    /// column's constraint (the first already lists the kinds) is still written, for that column only.
    func testNothingIsWrittenWhenBothColumnsAgreeAndOnlyTheColumnThatDiffers() throws {
        let same = try Self.context(registered: "new_message, ride_update, weekly_summary")
        XCTAssertEqual(try GenerationPlan.make(context: same, now: Self.now).files.filter { $0.path.hasSuffix(".sql") }.map(\.path), [])
        // A later migration already lets the inbox hold weekly_digest: registering it changes the queue's only.
        let inbox = """
            alter table public.notifications drop constraint notifications_kind_check;
            alter table public.notifications add constraint notifications_kind_check
                check (kind in ('new_message', 'ride_update', 'weekly_summary', 'weekly_digest'));
            """
        let second = try Self.context(registered: "new_message, ride_update, weekly_summary, weekly_digest",
                                      adding: ["supabase/migrations/20250501090000_inbox_digest.sql": inbox])
        let text = try GenerationPlan.make(context: second, now: Self.now).files.filter { $0.path.hasSuffix(".sql") }
            .map(\.contents).joined()
        XCTAssertTrue(text.contains("ADD CONSTRAINT scheduled_notifications_kind_check"), text)
        XCTAssertFalse(text.contains("ADD CONSTRAINT notifications_kind_check"), text)
    }
}
