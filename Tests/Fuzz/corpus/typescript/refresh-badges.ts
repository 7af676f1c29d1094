// Sends a silent push with the member's total unread count so the app icon badge stays right.
import { createClient } from "https://esm.sh/@supabase/supabase-js@2";
import { sendPushNotification } from "../_shared/apns.ts";

const supabase = createClient(Deno.env.get("SUPABASE_URL")!, Deno.env.get("SUPABASE_SERVICE_ROLE_KEY")!);

Deno.serve(async (req) => {
  const { user_id: userId } = (await req.json()) as { user_id: string };
  const { data: counts, error } = await supabase.rpc("get_badge_counts", {
    p_user_id: userId,
    p_include_details: false,
  });
  if (error || !counts) {
    return new Response(JSON.stringify({ error: error?.message ?? "no counts" }), { status: 500 });
  }
  const badge = counts.messages_total + counts.requests_total + counts.community_total + counts.notifications_total;
  const { data: tokens } = await supabase.from("push_tokens").select("token").eq("user_id", userId);
  for (const { token } of tokens ?? []) {
    await sendPushNotification({ token, userId }, { aps: { badge, "content-available": 1 } });
  }
  return new Response(JSON.stringify({ badge }), { headers: { "content-type": "application/json" } });
});
