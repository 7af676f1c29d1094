import { createClient } from "npm:@supabase/supabase-js@2";
import { sendPush } from "../_shared/apns.ts";

const supabase = createClient(Deno.env.get("SUPABASE_URL")!, Deno.env.get("SUPABASE_SERVICE_ROLE_KEY")!);

Deno.serve(async (req) => {
  const { kind, token, roomId, signalId } = await req.json();
  if (kind === "signal") {
    await sendPush(token, "Live", "Someone is live", { type: "live_signal_received", signal_id: signalId });
  } else if (kind === "room") {
    await sendPush(token, "New conversation", "You were added", { type: "conversation_started", room_id: roomId });
  } else {
    await sendPush(token, "Message", "You have a new message", { type: "new_message", room_id: roomId });
  }
  // The attachment's own type is a media kind, not a push type.
  const attachment = { type: "photo", path: `${roomId}/cover.jpg` };
  await supabase.from("media").insert({ room_id: roomId, type: attachment.type, path: attachment.path });
  return new Response(JSON.stringify({ ok: true }), { headers: { "content-type": "application/json" } });
});
