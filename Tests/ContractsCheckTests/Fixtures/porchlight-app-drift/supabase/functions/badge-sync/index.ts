// Nightly: a silent push that sets the badge to the unread count. No type key, and nothing for the app to route on.
import { createClient } from "npm:@supabase/supabase-js@2";
import { deliver } from "../_shared/apns.ts";

const supabase = createClient(Deno.env.get("SUPABASE_URL")!, Deno.env.get("SUPABASE_SERVICE_ROLE_KEY")!);

Deno.serve(async () => {
  const { data: counts } = await supabase.rpc("unread_counts");
  for (const row of counts ?? []) {
    await deliver(row.device_token, { aps: { "content-available": 1, badge: row.unread }, unread_count: row.unread });
  }
  return new Response("ok");
});
