// Tells the guest that a match changed.
import { createClient } from "npm:@supabase/supabase-js@2";

const supabase = createClient(Deno.env.get("SUPABASE_URL")!, Deno.env.get("SUPABASE_SERVICE_ROLE_KEY")!);

async function sendPush(token: string, payload: Record<string, unknown>) {
  await fetch("https://push.example.invalid/send", { method: "POST", body: JSON.stringify({ token, payload }) });
}

Deno.serve(async (req) => {
  const { match, token, hostName } = await req.json();
  // The app shows "sent" while the invitation is in flight; the database never holds it.
  if (match.status === "sent") {
    return new Response("not yet");
  }
  const payload = { aps: { alert: { title: "Darts", body: "Your match changed" } }, status: match.status === "waiting" ? "invited" : "active", matchId: match.id, hostName };
  await sendPush(token, payload);
  return new Response("ok");
});
