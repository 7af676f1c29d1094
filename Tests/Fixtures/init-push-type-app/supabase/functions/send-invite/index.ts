import { createClient } from "npm:@supabase/supabase-js@2";
import { sendPush } from "../_shared/push.ts";

Deno.serve(async (req) => {
  const { roomId, inviteeId } = await req.json();
  const supabase = createClient(Deno.env.get("SUPABASE_URL")!, Deno.env.get("SUPABASE_SERVICE_ROLE_KEY")!);
  const { data: invite } = await supabase.from("invites").insert({ room_id: roomId, invitee_id: inviteeId, status: "pending" }).select().single();
  await sendPush(inviteeId, "New invite", "You were invited to a room", { type: "invite_received", invite_id: invite.id, room_id: roomId });
  return new Response("ok");
});
