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

    /// A function that sends a push of its parameter's type with its callers' keys (`...data`): each caller's
    /// object literal is judged against the type's deep link, like a push payload written in place.
    func testTheKeysACallerHandsToAPushSenderAreSentKeys() throws {
        let sender = """
            export async function pushToUser(userId: string, notificationType: string, title: string, data: Record<string, unknown> = {}) {
              const payload = { aps: { alert: { title } }, type: notificationType, ...data };
              await deliver(userId, payload);
            }
            export async function pushRide(userId: string, notificationType: string, rideId: string, extra: Record<string, unknown>) {
              await deliver(userId, { aps: {}, type: notificationType, ride_id: rideId, ...extra });
            }
            export function remember(userId: string, notificationType: string, data: Record<string, unknown>) {
              cache.set(userId, { notificationType, data });
            }
            """
        let handler = """
            import { pushRide, pushToUser, remember } from "../_lib/apns.ts";
            await pushToUser(id, "new_ride", "New ride", { rideId: ride.id });
            await pushToUser(id, "new_ride", "New ride", { favor_id: favor.id });
            await pushToUser(id, "new_ride", "New ride", { ride_id: ride.id });
            await pushToUser(id, "new_ride", "New ride", details);
            await pushRide(id, "new_ride", ride.id, { note: "x" });
            remember(id, "new_ride", { rideId: ride.id });
            """
        let tree = MemoryTree(text: ["supabase/functions/_lib/apns.ts": sender, "supabase/functions/rides/index.ts": handler])
        let found = try TypeScriptSourceCheck.findings(in: CheckContext(registry: try TestRegistries.naarsCars(), tree: tree))
            .filter { $0.ruleID == "ts-payload-key-drift" }
        XCTAssertEqual(found.map(\.location.description), [
            "supabase/functions/rides/index.ts:\(position(of: "rideId", in: handler))",
            "supabase/functions/rides/index.ts:\(position(of: "\"new_ride\"", in: handler, occurrence: 2))",
        ])
        XCTAssertEqual(found.first?.message, "push payload for 'new_ride' sends 'rideId', but the app reads 'ride_id': the key is never read; rename it to 'ride_id'.")
    }
}
