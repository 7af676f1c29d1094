import { createClient } from "npm:@supabase/supabase-js@2";

const supabase = createClient(Deno.env.get("SUPABASE_URL")!, Deno.env.get("SUPABASE_SERVICE_ROLE_KEY")!);

Deno.serve(async (req) => {
  const { inviteId, accept } = await req.json();
  const { data: invite } = await supabase.from("invites").select("room_id, status").eq("id", inviteId).single();
  if (!invite || invite.status !== "pending") {
    return new Response("gone", { status: 410 });
  }
  await supabase.from("invites").update({ status: accept ? "accepted" : "expired" }).eq("id", inviteId);
  // A room whose last member left is soft-deleted.
  await supabase.from("chat_rooms").update({ status: "deleted" }).eq("id", invite.room_id);
  return new Response(JSON.stringify({ ok: true }), { headers: { "content-type": "application/json" } });
});
