import { createClient } from "npm:@supabase/supabase-js@2";
import { sendPush } from "../_shared/push.ts";
import { payout, type SettledOutcome } from "../_shared/outcomes.ts";

Deno.serve(async (req) => {
  const { fixtureId, outcome } = await req.json() as { fixtureId: string; outcome: SettledOutcome };
  const supabase = createClient(Deno.env.get("SUPABASE_URL")!, Deno.env.get("SUPABASE_SERVICE_ROLE_KEY")!);
  const { data: bets } = await supabase.from("bets").select("*").eq("fixture_id", fixtureId);
  await supabase.from("bets").update({ outcome }).eq("fixture_id", fixtureId);
  for (const bet of bets ?? []) {
    console.log(payout(outcome, bet.stake, bet.odds));
    await sendPush(bet.user_id, "Your bet is settled", { screen: "bets" });
  }
  return new Response("ok");
});
