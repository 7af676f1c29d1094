import ContractsCore
import XCTest

/// A notification enum held in two columns (`notifications.kind`, and `scheduled_notifications.kind` its rows are
/// copied from): a literal written into the second is judged like one written into the first, through a default
/// argument and through a call from another file. Decoys: another table's `kind`, a log line, a registered value,
/// and a server-only value the server may well write.
final class NotificationColumnsTests: XCTestCase {
    /// The loader still refuses a notification enum in several columns: the second is added to the loaded contract.
    static let registry: Registry = {
        var registry = try! RegistryLoader.load(text: """
            version: 1
            enums:
              NotificationKind:
                swift_enum: NotificationKind
                sql: { table: public.notifications, column: kind }
                values: [general, app_update, { raw: admin_broadcast, scope: server }]
            notifications:
              enum: NotificationKind
              payload_key: kind
            sources:
              swift: ["App/**/*.swift"]
            """, file: "registry.yaml")
        let first = registry.notificationTypes!.sharedEnum.sql.columns[0]
        registry.notificationTypes!.sharedEnum.sql.columns.append(
            SQLColumn(schema: "public", table: "scheduled_notifications", column: "kind", constraint: nil, location: first.location))
        return registry
    }()

    private let scheduler = "App/Services/Scheduler.swift"
    private let schedulerSource = """
        import Supabase
        final class Scheduler {
            let client: SupabaseClient
            func schedule(at date: Date, kind: String = "weekly_digest") async throws {
                try await client.from("scheduled_notifications").insert(["kind": AnyJSON.string(kind), "send_at": .string("\\(date)")]).execute()
            }
            func tag(kind: String = "weekly") async throws {
                try await client.from("tags").insert(["kind": .string(kind)]).execute()
            }
            func broadcast() async throws {
                try await client.from("scheduled_notifications").insert(["kind": "admin_broadcast"]).execute()
                try await client.from("scheduled_notifications").insert(["kind": "app_update"]).execute()
            }
        }
        """
    private let view = "App/Views/ReminderView.swift"
    private let viewSource = """
        struct ReminderView {
            let scheduler: Scheduler
            func go() async throws {
                try await scheduler.schedule(at: .now, kind: "reminder_due")
                try await scheduler.schedule(at: .now, kind: "general")
                try await scheduler.tag(kind: "reminder_due")
                print("reminder_due")
            }
        }
        """

    func testWritesIntoTheSecondColumnAreJudged() throws {
        let found = try CheckHarness.findings([scheduler: schedulerSource, view: viewSource], registry: Self.registry)
            .filter { $0.ruleID == "swift-unknown-literal" }
        XCTAssertEqual(found.map(\.location), [
            CheckHarness.location(of: "\"weekly_digest\"", in: schedulerSource, file: scheduler),
            CheckHarness.location(of: "\"reminder_due\"", in: viewSource, file: view),
        ])
        XCTAssertEqual(found.map(\.subject), [.enumValue(enumName: "NotificationKind", value: "weekly_digest"),
                                              .enumValue(enumName: "NotificationKind", value: "reminder_due")])
    }
}
