import { createClient } from "npm:@supabase/supabase-js@2";

const supabase = createClient(Deno.env.get("SUPABASE_URL")!, Deno.env.get("SUPABASE_SERVICE_ROLE_KEY")!);

Deno.serve(async (req) => {
  const { fixtureId, token } = await req.json();
  await supabase.from("fixtures").update({ status: "finished" }).eq("id", fixtureId);
  const { data: f } = await supabase.from("fixtures").select("status").eq("id", fixtureId).single();
  if (f?.status === "postponed") {
    return new Response("postponed", { status: 409 });
  }
  // The push opens the fixture screen; `type` is APNs' push type, not ours.
  const push = { aps: { alert: "Full time!" }, screen: "fixture", fixture_id: fixtureId };
  await fetch("https://push.example.invalid/send", { method: "POST", body: JSON.stringify({ token, type: "alert", push }) });
  await supabase.from("push_log").insert({ type: "alert", screen: "fixture" });
  return new Response("ok");
});
