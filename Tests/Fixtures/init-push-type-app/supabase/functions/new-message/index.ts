import { createClient } from "npm:@supabase/supabase-js@2";
import { sendPush } from "../_shared/push.ts";

Deno.serve(async (req) => {
  const { roomId, senderId, body, memberIds } = await req.json();
  const supabase = createClient(Deno.env.get("SUPABASE_URL")!, Deno.env.get("SUPABASE_SERVICE_ROLE_KEY")!);
  const { data: message } = await supabase.from("messages").insert({ room_id: roomId, sender_id: senderId, body }).select().single();
  // Analytics is not a push: its `type` is the event's.
  await fetch("https://analytics.example.com/e", { method: "POST", body: JSON.stringify({ type: "message_sent", roomId }) });
  console.log("type: new_message_v2 is not sent yet");
  for (const uid of memberIds) {
    await sendPush(uid, "New message", body, { type: "new_message", room_id: roomId, message_id: message.id });
  }
  return new Response("ok");
});
