import { createClient } from "npm:@supabase/supabase-js@2";
import { logEvent, remindAll, resendAll, sendPushToUser } from "../_shared/push.ts";

Deno.serve(async (req) => {
  const { userId, title, rows } = await req.json();
  const supabase = createClient(Deno.env.get("SUPABASE_URL")!, Deno.env.get("SUPABASE_SERVICE_ROLE_KEY")!);
  await sendPushToUser(supabase, userId, "admin_broadcast", title);
  await sendPushToUser(supabase, userId, "maintenance_notice", title, "Tonight 22:00");
  await logEvent(supabase, userId, "broadcast_sent");
  await resendAll(supabase, rows, "resent");
  await remindAll(supabase, [userId]);
  return new Response(JSON.stringify({ ok: true }), { headers: { "Content-Type": "application/json" } });
});
