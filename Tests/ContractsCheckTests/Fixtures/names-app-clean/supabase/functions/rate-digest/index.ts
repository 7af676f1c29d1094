import { createClient } from "npm:@supabase/supabase-js@2";

Deno.serve(async (req) => {
  const supabase = createClient(Deno.env.get("SUPABASE_URL")!, Deno.env.get("SUPABASE_SERVICE_ROLE_KEY")!);
  const { kind, table } = await req.json();

  const { data: ratings } = await supabase
    .from("deal_ratings")
    .select(`deal_id, score,
      deals!inner(title, venues(name))`)
    .gte("created_at", new Date(Date.now() - 86_400_000).toISOString());

  await supabase.schema("analytics").from("events").insert({ name: "digest", props: { count: ratings?.length ?? 0 } });
  await supabase.from(table).select("anything");
  await supabase.from(`deal_${kind}`).select("*");
  const bytes = Buffer.from("digest");
  await supabase.storage.from("digests").upload("today.json", bytes);
  await supabase.rpc("award_prize", { p_league_id: kind, p_member_id: table });
  const { data: live } = await supabase
    .from("deal_views")
    .select("id, viewed_at")
    .or("viewed_at.gte.today,and(deal_id.is.null,venue_id.is.null)");
  // Decoys: a value that reads like a filter, an embedded resource's columns, a column read at run time, a
  // template that goes on with a value.
  await supabase.from("deal_views").select("id, venues(name)")
    .or('viewed_at.eq."a,stars.eq.5",deal_id.is.null')
    .or("name.eq.Corner,rating.gt.3", { referencedTable: "venues" })
    .or("name.eq.Corner,rating.gt.3", { foreignTable: "venues" })
    .or(`${kind}.eq.1,stars.eq.2`)
    .or(`viewed_at.gt.${new Date().toISOString()},stars.eq.3`);
  return new Response(JSON.stringify({ live: live?.length ?? 0 }));
});
