import { createClient } from "npm:@supabase/supabase-js@2";
import { sendPush } from "../_shared/push.ts";

// Soft delete: the room stays, its status says it is gone.
Deno.serve(async (req) => {
  const { roomId, memberIds } = await req.json();
  const supabase = createClient(Deno.env.get("SUPABASE_URL")!, Deno.env.get("SUPABASE_SERVICE_ROLE_KEY")!);
  await supabase.from("chat_rooms").update({ status: "deleted" }).eq("id", roomId);
  await supabase.from("invites").update({ status: "declined" }).eq("room_id", roomId).eq("status", "pending");
  for (const uid of memberIds) {
    await sendPush(uid, "Room deleted", "A room you were in was deleted", { type: "room_deleted", room_id: roomId });
  }
  return new Response("ok");
});
