import ContractsCore
import ContractsFixtureApps
import ContractsTestSupport
import Foundation
import XCTest

/// Issue 27's init: every shared enum of a messy app (`SharedEnumsProject`) registered under `enums:` with each of
/// its surfaces, the notification types kept as they were, the decoys left out and named with why, `--enum`
/// limiting the enums, and a registry that loads and that `check` accepts.
final class InitSharedEnumsTests: XCTestCase {
    private struct Initialised {
        var registry: Registry
        var text: String
        var summary: String
        var root: URL
    }

    private func initialise(_ arguments: [String] = []) throws -> Initialised {
        let root = try CLIHarness.project(SharedEnumsProject.files)
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        let result = try CLIHarness.run(["init"] + arguments, in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        let text = try String(contentsOf: root.appendingPathComponent("registry.yaml"), encoding: .utf8)
        return Initialised(registry: try RegistryLoader.load(text: text, file: "registry.yaml"), text: text,
                           summary: result.stdout, root: root)
    }

    /// One line an enum: its name, Swift enum, TypeScript type and const, SQL surface and values.
    private static func describe(_ e: SharedEnum) -> String {
        let sql = e.sql.enumType.map { "enum_type \($0.name)" }
            ?? e.sql.columns.map { "\($0.schema).\($0.table).\($0.column)/\($0.constraint ?? "-")" }.joined(separator: " ")
        return "\(e.name) swift=\(e.swiftEnum ?? "-") ts=\(e.typescriptType) const=\(e.typescriptConst ?? "-") sql=\(sql) "
            + "values=\(e.values.map { Identifiers.derivedCaseName($0.raw) == $0.swiftCase ? $0.raw : "\($0.raw)/\($0.swiftCase)" }.joined(separator: ","))"
            + (e.fallback.map { " fallback=\($0)" } ?? "")
    }

    func testInitFindsEverySharedEnumWithItsSurfaces() throws {
        let found = try initialise()
        XCTAssertEqual(found.registry.enums.map(Self.describe), [
            "ChatRoomStatus swift=ChatRoomStatus ts=ChatRoomStatus const=CHAT_ROOM_STATUS sql=public.chat_rooms.status/chat_rooms_status_check values=active,archived,locked,deleted",
            "ExpenseCategory swift=Expense.Category ts=ExpenseCategory const=- sql=public.expenses.category/expenses_category_check values=food,transport,lodging,entertainment,general",
            "FriendshipsStatus swift=- ts=FriendshipsStatus const=- sql=public.friendships.status/friendships_status_check values=requested,accepted,blocked",
            "InviteStatus swift=InviteStatus ts=InviteStatus const=- sql=public.invites.status/invites_status_check values=pending,sent,opened,accepted,declined,expired,revoked",
            "MediaKind swift=MediaKind ts=MediaKind const=- sql=enum_type media_kind values=photo,video,voice_note",
            "MediaAssetStatus swift=MediaAssetStatus ts=MediaAssetStatus const=- sql=public.media_assets.status/media_assets_status_check values=uploading,ready,viewed,failed",
            "Plan swift=Plan ts=Plan const=- sql=public.profiles.plan/profiles_plan_check public.subscriptions.plan/subscriptions_plan_check values=free,plus,family",
            "ReportsTargetType swift=- ts=ReportTarget const=- sql=public.reports.target_type/reports_target_type_check values=message,profile,chat_room,expense",
        ])
        // The notification types as before: camelCase values, their column not repeated under enums:.
        let types = found.registry.notificationTypes!
        XCTAssertEqual(types.swiftEnum, "NotificationType")
        XCTAssertEqual("\(types.sql!.table).\(types.sql!.column)", "notifications.type")
        XCTAssertEqual(types.values.map(\.raw), ["expenseAdded", "commentAdded", "friendRequest", "settleUp", "groupInvite"])
        XCTAssertFalse(found.registry.enums.contains { $0.sql.columns.contains { $0.table == "notifications" } })
        // One-sided values: in the database only, registered with a comment; in the code only, a comment.
        XCTAssertTrue(found.text.contains("      - deleted   # not in CHAT_ROOM_STATUS (supabase/functions/_shared/types.ts:9)"), found.text)
        XCTAssertTrue(found.text.contains("    # unknown: a case of MediaAssetStatus (Splitly/Models/MediaAsset.swift:11) but not allowed by the database: not registered"),
                      found.text)
    }

    func testTheSummaryNamesEachEnumAndEachColumnLeftOut() throws {
        let summary = try initialise().summary
        for line in [
            "  enum         Plan: 3 values; CHECK profiles_plan_check on profiles.plan (supabase/migrations/20240301000000_plans.sql:1); "
                + "CHECK subscriptions_plan_check on subscriptions.plan (supabase/migrations/20240301000000_plans.sql:6); swift enum Plan (Splitly/Models/Profile.swift:3)",
            "  enum         MediaKind: 3 values; ENUM media_kind on media_assets.kind, message_attachments.kind (supabase/migrations/20240101000000_init.sql:3); "
                + "swift enum MediaKind (Splitly/Models/MediaAsset.swift:3)",
            "  enum         ReportsTargetType: 4 values; CHECK reports_target_type_check on reports.target_type (supabase/migrations/20240401000000_reports_friends.sql:5); "
                + "typescript union ReportTarget (supabase/functions/_shared/types.ts:1)",
            "  left out     public.expenses.is_shared: CHECK list shares fewer than two values with any Swift enum, TypeScript union or literal",
            "  left out     public.payments.amount_kind: CHECK list shares fewer than two values with any Swift enum, TypeScript union or literal",
        ] {
            XCTAssertTrue(summary.contains(line), "missing: \(line)\n\(summary)")
        }
        XCTAssertTrue(summary.contains("  enum         FriendshipsStatus: 3 values; CHECK friendships_status_check on friendships.status"), summary)
        XCTAssertTrue(summary.contains("2 literals written or compared"), summary)
        // Decoys that are no list of values, or no column at all, are neither enums nor candidates.
        for decoy in [".amount:", ".amount ", "display_name", "size_bytes", "Tab", "Mood", "AppDiagnostics"] {
            XCTAssertFalse(summary.contains(decoy), "\(decoy) in\n\(summary)")
        }
    }

    func testEnumOptionLimitsTheEnumsAndNamesTheOthers() throws {
        let found = try initialise(["--enum", "Plan", "--enum", "Expense.Category"])
        XCTAssertEqual(found.registry.enums.map(\.name), ["ExpenseCategory", "Plan"])
        XCTAssertTrue(found.summary.contains("  left out     public.chat_rooms.status: shared enum ChatRoomStatus, not named by --enum"), found.summary)
        XCTAssertEqual(found.registry.notificationTypes!.swiftEnum, "NotificationType", "--enum leaves the notification types alone")
    }

    func testAnUnknownEnumNameIsAnErrorNamingTheCandidates() throws {
        let root = try CLIHarness.project(SharedEnumsProject.files)
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        let result = try CLIHarness.run(["init", "--enum", "Category"], in: root)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr.trimmingCharacters(in: .whitespacesAndNewlines),
                       "error: --enum Category: no shared enum of that name; init found ChatRoomStatus, ExpenseCategory, FriendshipsStatus, "
                       + "InviteStatus, MediaKind, MediaAssetStatus, Plan, ReportsTargetType")
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("registry.yaml").path))
    }

    /// What the registry would refuse is left out and said (a table name with a space, an ENUM type whose name is
    /// the notification types' enum's); a value that makes no Swift
    /// case name gets the Swift enum's case (`case:`), one only the code has is a comment.
    func testValuesAndNamesTheRegistryNeedsSpelledOut() throws {
        let root = try CLIHarness.project([
            "db/001_init.sql": """
                CREATE TABLE notifications (id int, type text CHECK (type IN ('chat', 'invite')));
                CREATE TABLE tasks (id int, state text NOT NULL CHECK (state IN ('to-do', 'in-review', 'done')));
                CREATE TABLE "task list" (id int, state text CHECK (state IN ('to-do', 'done')));
                CREATE TYPE notification_type AS ENUM ('low', 'high');
                CREATE TABLE alerts (id int, level notification_type);
                """,
            "supabase/functions/alerts/index.ts": "export type AlertLevel = 'low' | 'high';\n",
            "App/Types.swift": """
                enum NotificationType: String { case chat, invite }
                enum TaskState: String, Codable {
                    case toDo = "to-do"
                    case inReview = "in-review"
                    case done
                    case archived
                }
                """,
        ])
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        let result = try CLIHarness.run(["init"], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        let text = try String(contentsOf: root.appendingPathComponent("registry.yaml"), encoding: .utf8)
        let registry = try RegistryLoader.load(text: text, file: "registry.yaml")
        XCTAssertEqual(registry.enums.map(Self.describe), [
            "TaskState swift=TaskState ts=TaskState const=- sql=public.tasks.state/tasks_state_check values=to-do/toDo,in-review/inReview,done",
        ])
        XCTAssertTrue(text.contains("      - { raw: to-do, case: toDo }\n"), text)
        XCTAssertTrue(text.contains("    # archived: a case of TaskState (App/Types.swift:6) but not allowed by the database: not registered\n"), text)
        XCTAssertTrue(result.stdout.contains("  left out     public.task list.state: the SQL name 'task list' is not a lowercase identifier "
            + "the registry accepts: register it by hand"), result.stdout)
        XCTAssertTrue(result.stdout.contains("  left out     public.alerts.level: the name NotificationType is the notification types' enum: "
            + "register it by hand under another name"), result.stdout)
    }

    /// The written registry is one `check` and `generate` accept: no registry error (exit 2), only the drift
    /// the app has; the enums the app declares are kept (`generate: false`), so no Swift is generated for them.
    func testCheckAcceptsTheWrittenRegistry() throws {
        let found = try initialise()
        let check = try CLIHarness.run(["check", "--format", "json"], in: found.root)
        XCTAssertNotEqual(check.status, 2, check.stderr + check.stdout)
        let generate = try CLIHarness.run(["generate"], in: found.root)
        XCTAssertEqual(generate.status, 0, generate.stderr + generate.stdout)
        XCTAssertFalse(generate.stdout.contains(".swift"), generate.stdout)
        let redeclared = try CLIHarness.run(["check", "--only-rule", "generated-redeclared"], in: found.root)
        XCTAssertEqual(redeclared.status, 0, redeclared.stdout)
    }
}
