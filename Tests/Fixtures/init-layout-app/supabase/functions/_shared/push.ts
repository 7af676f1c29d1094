// Push delivery shared by every function that notifies a user.
import type { SupabaseClient } from "https://esm.sh/@supabase/supabase-js@2";

export interface PushResult {
  sent: number;
  failed: number;
}

/** Queues one push per device of `userId`; `data` becomes the notification's userInfo beside `type`. */
export async function sendPushToUser(
  supabase: SupabaseClient,
  userId: string,
  notificationType: string,
  title: string,
  body: string,
  data: Record<string, string> = {},
): Promise<PushResult> {
  const { data: tokens } = await supabase.from("push_tokens").select("token").eq("user_id", userId);
  let sent = 0;
  for (const row of tokens ?? []) {
    const response = await fetch(Deno.env.get("PUSH_GATEWAY_URL") ?? "", {
      method: "POST",
      body: JSON.stringify({ token: row.token, aps: { alert: { title, body } }, type: notificationType, ...data }),
    });
    if (response.ok) sent += 1;
  }
  return { sent, failed: (tokens?.length ?? 0) - sent };
}

/** Not a sender: formats a title. */
export function pushTitle(kind: string, name: string): string {
  return `${name}: ${kind}`;
}
