import { createClient } from "npm:@supabase/supabase-js@2";

Deno.serve(async (req) => {
  const supabase = createClient(Deno.env.get("SUPABASE_URL")!, Deno.env.get("SUPABASE_SERVICE_ROLE_KEY")!);
  const { leagueId } = await req.json();

  const { data: members, error } = await supabase
    .from("league_members")
    .select("id, user_id, eliminated_gameweek, leagues!inner(name)")
    .eq("league_id", leagueId)
    .is("paid_at", null);
  if (error) return new Response(error.message, { status: 500 });

  for (const member of members ?? []) {
    await supabase.rpc("award_prize", { p_member_id: member.id });
  }
  const { data: weeks } = await supabase.from("gameweeks").select("*").order("starts_on");
  return new Response(JSON.stringify({ paid: members?.length ?? 0, weeks: weeks?.length ?? 0 }));
});
