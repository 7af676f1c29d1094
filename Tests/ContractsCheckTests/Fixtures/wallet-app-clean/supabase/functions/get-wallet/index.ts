import { createClient } from "npm:@supabase/supabase-js@2";

const corsHeaders = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Headers": "authorization, x-client-info, apikey, content-type",
  "Content-Type": "application/json",
};

Deno.serve(async (req) => {
  if (req.method === "OPTIONS") {
    return new Response("ok", { headers: corsHeaders });
  }
  const supabase = createClient(Deno.env.get("SUPABASE_URL")!, Deno.env.get("SUPABASE_ANON_KEY")!, {
    global: { headers: { Authorization: req.headers.get("Authorization")! } },
  });
  const { data: { user } } = await supabase.auth.getUser();
  if (!user) {
    // The app never decodes this: invoke throws on a 401.
    return new Response(JSON.stringify({ error: "unauthorized", availablePence: 0 }), {
      status: 401,
      headers: corsHeaders,
    });
  }
  const { data: wallet, error } = await supabase
    .from("wallets")
    .select("balance_pence, withdrawable_pence, pending_pence")
    .eq("user_id", user.id)
    .single();
  if (error) {
    return new Response(JSON.stringify({ error: error.message }), { status: 500, headers: corsHeaders });
  }
  const body = {
    balancePence: wallet.balance_pence,
    withdrawablePence: wallet.withdrawable_pence,
    pendingPence: wallet.pending_pence,
    currency: "GBP",
  };
  console.log(`wallet for ${user.id}: ${body.balancePence}`);
  return new Response(JSON.stringify(body), { status: 200, headers: corsHeaders });
});
