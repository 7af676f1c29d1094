import { createClient } from "npm:@supabase/supabase-js@2";

const supabase = createClient(Deno.env.get("SUPABASE_URL")!, Deno.env.get("SUPABASE_SERVICE_ROLE_KEY")!);

Deno.serve(async (req) => {
  const { userId, pence } = await req.json();
  if (pence < 0) {
    await supabase.from("wallet_transactions").insert({ user_id: userId, kind: "refund", pence });
  } else {
    await supabase.from("wallet_transactions").insert({ user_id: userId, kind: "deposit", pence });
  }
  const push = { aps: { alert: "Wallet updated" }, screen: "wallet" };
  return new Response(JSON.stringify(push), { headers: { "content-type": "application/json" } });
});
