// Keeps a match's status in step with what the players do.
import { createClient } from "npm:@supabase/supabase-js@2";

const supabase = createClient(Deno.env.get("SUPABASE_URL")!, Deno.env.get("SUPABASE_SERVICE_ROLE_KEY")!);

/** The statuses the database holds (the app's UI-only `sent` never reaches the server). */
export type MatchStatus =
  | "invited"
  | "waiting"
  | "active"
  | "paused"
  | "completed"
  | "abandoned"
  | "forfeited";

export function isFinished(status: MatchStatus): boolean {
  return status === "completed" || status === "abandoned" || status === "forfeited";
}

Deno.serve(async (req) => {
  const { matchId } = await req.json();
  const { data } = await supabase.from("matches").select("remote_status").eq("id", matchId).single();
  return new Response(JSON.stringify({ finished: isFinished(data?.remote_status as MatchStatus) }));
});
