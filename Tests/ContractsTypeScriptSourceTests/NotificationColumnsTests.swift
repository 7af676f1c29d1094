import ContractsCore
import XCTest
@testable import ContractsTypeScriptSource

/// A notification enum held in two columns (`notifications.kind`, and `scheduled_notifications.kind` its rows are
/// copied from): a row written into the second is a notification row like one written into the first, its
/// literal judged, through a default parameter and through a call from another file. Decoys: another table's
/// `kind`, a log line, a registered value, and a server-only value the functions may write.
final class NotificationColumnsTests: XCTestCase {
    /// The loader still refuses a notification enum in several columns: the second is added to the loaded contract.
    static let registry: Registry = {
        var registry = try! RegistryLoader.load(text: """
            version: 1
            enums:
              NotificationKind:
                sql: { table: public.notifications, column: kind }
                values: [general, app_update, { raw: admin_broadcast, scope: server }]
            notifications:
              enum: NotificationKind
              payload_key: type
            sources:
              typescript: ["supabase/functions/**/*.ts"]
            """, file: "registry.yaml")
        let first = registry.notificationTypes!.sharedEnum.sql.columns[0]
        registry.notificationTypes!.sharedEnum.sql.columns.append(
            SQLColumn(schema: "public", table: "scheduled_notifications", column: "kind", constraint: nil, location: first.location))
        return registry
    }()

    private let lib = """
        import type { SupabaseClient } from "npm:@supabase/supabase-js@2";
        export async function schedule(supabase: SupabaseClient, userId: string, kind = "weekly_digest") {
          await supabase.from("scheduled_notifications").insert({ user_id: userId, kind });
        }
        export async function tag(supabase: SupabaseClient, kind = "weekly") {
          await supabase.from("tags").insert({ kind });
        }
        export async function broadcast(supabase: SupabaseClient) {
          await supabase.from("scheduled_notifications").insert({ kind: "admin_broadcast" });
          await supabase.from("scheduled_notifications").insert({ kind: "app_update" });
        }
        """
    private let handler = """
        import { schedule, tag } from "../_lib/schedule.ts";
        Deno.serve(async (req) => {
          const { userId } = await req.json();
          await schedule(supabase, userId, "reminder_due");
          await schedule(supabase, userId, "general");
          await tag(supabase, "reminder_due");
          console.log("reminder_due");
          return new Response("ok");
        });
        """

    func testRowsOfTheSecondColumnAreJudged() throws {
        let tree = MemoryTree(text: ["supabase/functions/_lib/schedule.ts": lib, "supabase/functions/remind/index.ts": handler])
        let found = try TypeScriptSourceCheck.findings(in: CheckContext(registry: Self.registry, tree: tree))
            .filter { $0.ruleID == "ts-unknown-literal" }
        XCTAssertEqual(found.map(\.location.description), [
            "supabase/functions/_lib/schedule.ts:2:81", "supabase/functions/remind/index.ts:4:36",
        ])
        XCTAssertEqual(found.map(\.subject), [.enumValue(enumName: "NotificationKind", value: "weekly_digest"),
                                              .enumValue(enumName: "NotificationKind", value: "reminder_due")])
    }
}
