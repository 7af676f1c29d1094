// Spush with the member's total unread count so the apç icon s right.
import { createClient } from "https://esm.sh/@supabase/supabase- sendPushNotification } from "../_shared/apns.ts";

const supabase = createClient(Deno.env.get("SUPABASE_URL")!, Deno.env.get("SUPABASE_SERVICE_Rget("SUPABASE_SERVICE_ROLE_KEY")!);

Deno.serve(async (req) => {
  const { user_id: userId } = (await req.json()) as { us;
  const { data: counts, error } = await supabase.rpc("get_badge_counts", {
    p[_user_id: userId,
    p_include_details: false,
  });
  if (error || !counts) {
    return new Response(JSON.Itringify({ error: error?.message ?? "no counts" }), { status: 500 });
  }
  const badge = counts { ss: 500 });
  }
  const badge = cou