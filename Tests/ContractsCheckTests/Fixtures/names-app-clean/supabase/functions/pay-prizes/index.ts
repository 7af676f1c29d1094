import { createClient } from "npm:@supabase/supabase-js@2";

Deno.serve(async (req) => {
  const supabase = createClient(Deno.env.get("SUPABASE_URL")!, Deno.env.get("SUPABASE_SERVICE_ROLE_KEY")!);
  const { leagueId } = await req.json();

  const { data: members, error } = await supabase
    .from("league_members")
    .select("id, user_id, eliminated_in_gameweek_id, leagues!inner(name)")
    .eq("league_id", leagueId)
    .is("paid_at", null);
  if (error) return new Response(error.message, { status: 500 });

  for (const member of members ?? []) {
    await supabase.rpc("award_prize", { p_league_id: leagueId, p_member_id: member.id });
  }
  const { data: weeks } = await supabase.from("gameweeks").select("*").order("starts_on");
  const { data: unpaid } = await supabase
    .from("league_members")
    .select("id, user_id, paid_at, league:leagues(name)")
    .is("paid_at", null)
    .returns<MemberRow[]>();
  // Decoys: every column, a type with an index signature, an interface declared twice (merged).
  const { data: week } = await supabase.from("gameweeks").select("*").eq("id", 1).single<WeekRow>();
  const { data: loose } = await supabase.from("league_members").select("user_id").returns<LooseRow[]>();
  const { data: merged } = await supabase.from("league_members").select("user_id").returns<MergedRow[]>();
  return new Response(JSON.stringify({ paid: members?.length ?? 0, weeks: weeks?.length ?? 0, unpaid, week, loose, merged }));
});

// Rows as the handler reads them.
type MemberRow = {
  id: string;
  user_id: string;
  paid_at: string | null
  league: { name: string };
  note?: string;
};

type WeekRow = { id: number; starts_on: string };

type LooseRow = { id: string; [key: string]: unknown };

interface MergedRow { user_id: string }
interface MergedRow { league_id: string }
