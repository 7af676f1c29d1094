import ContractsCore
import XCTest
@testable import ContractsTypeScriptSource

/// `ts-unknown-literal` through the project's sinks (`TSSinks`): a literal passed, from another file, to a function
/// whose parameter is the type of a row or push it writes, or is handed on to one; and such a parameter's
/// default (in `_lib/`: this registry generates into `_shared/`). Each form with a decoy that must stay silent.
final class SinkFunctionTests: XCTestCase {
    private let shared = """
        import type { SupabaseClient } from "npm:@supabase/supabase-js@2";
        export async function sendPushToUser(supabase: SupabaseClient, userId: string, notificationType: string, title?: string) {
          await supabase.from("notifications").insert({ user_id: userId, type: notificationType, title });
        }
        export const notifyAll = async (supabase: SupabaseClient, ids: string[], type = "new_rid") => {
          await Promise.all(ids.map((id) => sendPushToUser(supabase, id, type)));
        };
        export async function again(supabase: SupabaseClient, rows: { user_id: string; type: string }[], type: string) {
          for (const row of rows) {
            const type = row.type;
            await sendPushToUser(supabase, row.user_id, type);
          }
        }
        export async function track(supabase: SupabaseClient, type: string) {
          await supabase.from("events").insert({ type });
        }
        export function label(type: string, fallback = "plain") {
          return `${type}:${fallback}`;
        }
        """

    private func found(_ handler: String) throws -> [String] {
        let tree = MemoryTree(text: ["supabase/functions/_lib/push.ts": shared, "supabase/functions/notify/index.ts": handler])
        return try TypeScriptSourceCheck.findings(in: CheckContext(registry: try TestRegistries.naarsCars(), tree: tree))
            .filter { $0.ruleID == "ts-unknown-literal" }.map(\.location.description)
    }

    func testALiteralPassedToAnotherFilesSinkIsJudged() throws {
        let handler = """
            import { again, label, notifyAll, sendPushToUser, track } from "../_lib/push.ts";
            Deno.serve(async (req) => {
              const { userId, rows } = await req.json();
              await sendPushToUser(supabase, userId, "ride_clamed", "Ride");
              await sendPushToUser(supabase, userId, "message");
              await again(supabase, rows, "resent");
              await track(supabase, "opened");
              label("tagged");
              await notifyAll(supabase, [userId]);
              return new Response("ok");
            });
            """
        XCTAssertEqual(try found(handler), ["supabase/functions/_lib/push.ts:\(position(of: "\"new_rid\"", in: shared))",
                                            "supabase/functions/notify/index.ts:\(position(of: "\"ride_clamed\"", in: handler))"])
    }

    /// A function of the same name declared by another file that writes nothing: functions are told apart by
    /// name, so the name's calls are silent, and so is the default of one that hands its parameter on to it.
    func testASameNamedFunctionThatWritesNothingKeepsItsCallsSilent() throws {
        let handler = """
            function sendPushToUser(client: unknown, userId: string, notificationType: string) {
              console.log(client, userId, notificationType);
            }
            sendPushToUser(supabase, "u", "ride_clamed");
            """
        XCTAssertEqual(try found(handler), [])
    }
}
