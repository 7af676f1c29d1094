import { createClient } from "https://esm.sh/@supabase/supabase-js@2";
import { sendPushToUser } from "../_shared/push.ts";

Deno.serve(async (req) => {
  const { ride } = await req.json();
  const supabase = createClient(Deno.env.get("SUPABASE_URL") ?? "", Deno.env.get("SUPABASE_SERVICE_ROLE_KEY") ?? "");
  const kind = ride.claimed_by ? "ride_claimed" : "ride_update";
  await sendPushToUser(supabase, ride.user_id, kind, "Ride update", `Ride ${ride.id} changed`, { ride_id: ride.id });
  return new Response("ok");
});
