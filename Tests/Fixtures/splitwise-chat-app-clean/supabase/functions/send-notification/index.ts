// Database webhook on INSERT into public.notifications: pushes the new row to the user's devices.
import { corsHeaders, json } from "../_shared/cors.ts";
import { NOTIFICATION_TYPES, type NotificationType } from "../_shared/notifications.ts";
import { sendPush } from "../_shared/push.ts";
import { supabaseAdmin } from "../_shared/supabaseClient.ts";

interface NotificationRecord {
  id: string;
  user_id: string;
  type: NotificationType;
  title: string;
  body: string | null;
  data: Record<string, unknown>;
}

/** Supabase database webhooks: `type` is the event, not a notification type. */
interface WebhookPayload {
  type: "INSERT" | "UPDATE" | "DELETE";
  table: string;
  record: NotificationRecord;
}

/** Types the user sees in the inbox only, without a push. */
const SILENT_TYPES = new Set<string>([NOTIFICATION_TYPES.GENERAL]);

Deno.serve(async (req) => {
  if (req.method === "OPTIONS") return new Response("ok", { headers: corsHeaders });

  const payload = (await req.json()) as WebhookPayload;
  if (payload.type !== "INSERT" || payload.table !== "notifications") return json({ skipped: true });

  const notification = payload.record;
  if (SILENT_TYPES.has(notification.type)) return json({ skipped: "silent" });

  const { data: devices, error } = await supabaseAdmin
    .from("device_tokens")
    .select("token")
    .eq("user_id", notification.user_id);
  if (error) return json({ error: error.message }, 500);

  let sent = 0;
  for (const device of devices ?? []) {
    const ok = await sendPush(device.token, {
      type: notification.type,
      title: notification.title,
      body: notification.body,
      data: notification.data,
    });
    if (ok) sent += 1;
  }
  console.log(`push ${notification.type} (${notification.id}): ${sent} device(s)`);
  return json({ sent });
});
