import { createClient } from "npm:@supabase/supabase-js@2";
import { sendPush } from "../_shared/push.ts";

Deno.serve(async (req) => {
  const { fixtureId, userIds } = await req.json();
  const supabase = createClient(Deno.env.get("SUPABASE_URL")!, Deno.env.get("SUPABASE_SERVICE_ROLE_KEY")!);
  const { data: live } = await supabase.from("fixtures").select("id").eq("status", "live");
  console.log(`${live?.length ?? 0} fixtures live`);
  for (const userId of userIds) {
    await sendPush(userId, "Kick-off!", { screen: "fixture", fixture_id: fixtureId });
  }
  return new Response("ok");
});
