import { createClient } from "npm:@supabase/supabase-js@2";

const headers = { "Content-Type": "application/json" };

Deno.serve(async (req) => {
  const supabase = createClient(Deno.env.get("SUPABASE_URL")!, Deno.env.get("SUPABASE_ANON_KEY")!, {
    global: { headers: { Authorization: req.headers.get("Authorization")! } },
  });
  const { data, error } = await supabase.rpc("list_open_deals", { p_limit: 20 });
  if (error) {
    return Response.json({ error: error.message }, { status: 500, headers });
  }
  // The row set's own properties are no keys of a row; data[0] is a row.
  const featured = Array.isArray(data) && data.length > 0 ? data[0].headline : null;
  const cheapIds = data.filter((d) => d.price_pence < 500).map((d) => d.id);
  return new Response(
    JSON.stringify({ deals: data, count: data?.length ?? 0, featured, cheapIds }),
    { headers },
  );
});
