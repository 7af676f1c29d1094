import ContractsCore

/// Edge functions as the NaarsCars repository has them (seed 000/002): messy, with comments, templates,
/// regex literals and unrelated objects. `drifted` plants one mistake per rule; the fixed version has none.
enum EdgeFunctionFixtures {
    static func sendNotification(drifted: Bool) -> String {
        """
        // supabase/functions/send-notification/index.ts
        // Sends an APNs push for a row inserted into public.notifications (database webhook).
        // Note: the "message" type is handled by send-message-push, not here.
        import { serve } from "https://deno.land/std@0.168.0/http/server.ts";
        import { createClient } from "https://esm.sh/@supabase/supabase-js@2";
        import { sendAPNs, resolveEventType } from "../_shared/apns.ts";

        const corsHeaders = {
          "Access-Control-Allow-Origin": "*",
          "Access-Control-Allow-Headers": "authorization, x-client-info, apikey, content-type",
        };
        const QUOTES = /["'`]/g;                 // strip quotes from titles: it's "safe"
        const SLUG = /^[a-z_]+$/i, ratio = 10 / 2 / 5;

        serve(async (req: Request) => {
          if (req.method === "OPTIONS") return new Response("ok", { headers: corsHeaders });
          const supabase = createClient(Deno.env.get("SUPABASE_URL")!, Deno.env.get("SUPABASE_SERVICE_ROLE_KEY")!);
          const { record } = await req.json();
          const notificationType: string = resolveEventType(record) ?? "other";

          if (record.type === "\(drifted ? "ride_claimd" : "ride_claimed")" && !record.ride_id) {
            console.warn(`ride_claimed without ride_id: ${JSON.stringify({ type: 'debug', id: record.id })}`);
          }
          switch (record.type) {
            case "new_ride":
            case "ride_update":
              break;
            case "town_hall_post": {
              const title = record.title.replace(QUOTES, "");
              break;
            }
            default:
              console.log(`type ${record.type} "passes" through, 'as is'`);
          }

          const button = { type: "button", label: "Open message" };
          const blob = new Blob([JSON.stringify(button)], { type: "text/plain" });
          const payload = {
            aps: {
              alert: { title: record.title.replace(QUOTES, ""), body: record.body },
              sound: "default",
              badge: 1,
              "mutable-content": 1,
              category: notificationType.toUpperCase(),
            },
            type: notificationType,
            ...(record.data ?? {}),
          };
          await sendAPNs(record.user_id, payload);
          return new Response(JSON.stringify({ ok: true, size: blob.size }), { headers: corsHeaders });
        });

        """
    }

    static func sendMessagePush(drifted: Bool) -> String {
        """
        // supabase/functions/send-message-push/index.ts
        import { serve } from "https://deno.land/std@0.168.0/http/server.ts";
        import { createClient } from "https://esm.sh/@supabase/supabase-js@2";
        import { sendAPNs } from "../_shared/apns.ts";

        const MAX_PREVIEW = 120; // characters of the message shown in the banner

        serve(async (req) => {
          const { record: message } = await req.json();
          const supabase = createClient(Deno.env.get("SUPABASE_URL")!, Deno.env.get("SUPABASE_SERVICE_ROLE_KEY")!);
          const { data: sender } = await supabase.from("profiles").select("name").eq("id", message.from_id).single();
          const preview = message.text?.length > MAX_PREVIEW ? `${message.text.slice(0, MAX_PREVIEW)}…` : message.text;

          const apnsPayload = {
            aps: {
              alert: { title: sender?.name ?? "New message", body: message.image_url ? "📷 Photo" : preview },
              sound: "default",
              badge: 1,
              category: "MESSAGE",
            },
            type: "message",
            \(drifted ? "conversationId" : "conversation_id"): message.conversation_id,
            message_id: message.id,
            sender_id: message.from_id,
          };
          const { data: members } = await supabase
            .from("conversation_participants")
            .select("user_id")
            .eq("conversation_id", message.conversation_id)
            .neq("user_id", message.from_id);
          for (const m of members ?? []) await sendAPNs(m.user_id, apnsPayload);
          return new Response("sent", { status: 200 });
        });

        """
    }

    static func badgeCount(drifted: Bool) -> String {
        """
        // supabase/functions/badge-count/index.ts — computes the app icon badge for a push
        import { createClient } from "https://esm.sh/@supabase/supabase-js@2";

        export async function badgeFor(userId: string): Promise<number> {
          const supabase = createClient(Deno.env.get("SUPABASE_URL")!, Deno.env.get("SUPABASE_SERVICE_ROLE_KEY")!);
          const { data: counts, error } = await supabase.rpc("get_badge_counts", {
            p_user_id: userId,
            p_include_details: false,
          });
          if (error || !counts) return 0;
          // requests + messages + community + bell, like BadgeCountManager.swift
          return (counts.requests_total ?? 0) + (counts?.\(drifted ? "messages_count" : "messages_total") ?? 0)
            + (counts.community_total ?? 0) + (counts["bell_total"] ?? 0);
        }

        """
    }

    static func notificationTypes(_ registry: Registry, drifted: Bool) -> String {
        let entries = registry.notificationTypes!.values.map { v -> String in
            let raw = drifted && v.raw == "qa_answer" ? "qa_answers" : v.raw
            return "  \(v.typescriptKey): \"\(raw)\","
        }
        return """
        // Hand-maintained copy of NotificationType.swift (scripts/check-notification-types.sh compares them)
        export const NOTIFICATION_TYPES = {
        \(entries.joined(separator: "\n"))
        } as const;
        export type NotificationType = (typeof NOTIFICATION_TYPES)[keyof typeof NOTIFICATION_TYPES];

        """
    }

    /// `_shared/apns.ts`: normalises the type from every shape callers send (`type`, `eventType`, `event_type`, `data.type`).
    static let apns = """
        // supabase/functions/_shared/apns.ts
        import { create, getNumericDate } from "https://deno.land/x/djwt@v2.8/mod.ts";

        export function resolveEventType(payload: Record<string, any>): string | undefined {
          return payload.type ?? payload.eventType ?? payload.event_type ?? payload.data?.type;
        }

        export function isChat(payload: Record<string, any>): boolean {
          const type = resolveEventType(payload);
          return payload.type === "message" || payload.type === "added_to_conversation";
        }

        const pem = (key: string) => key.replace(/-----[A-Z ]+-----/g, "").replace(/\\s/g, "");

        export async function sendAPNs(userId: string, payload: Record<string, unknown>) {
          const jwt = await create({ alg: "ES256", kid: Deno.env.get("APNS_KEY_ID") }, { iss: Deno.env.get("APNS_TEAM_ID"), iat: getNumericDate(0) }, pem(Deno.env.get("APNS_KEY") ?? ""));
          const url = `https://api.push.apple.com/3/device/${userId}`;
          return fetch(url, { method: "POST", headers: { authorization: `bearer ${jwt}`, "apns-push-type": "alert" }, body: JSON.stringify(payload) });
        }

        """
}
