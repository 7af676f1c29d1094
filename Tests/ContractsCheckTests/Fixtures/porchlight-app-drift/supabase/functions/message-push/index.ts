// Database webhook on messages: pushes each new message to the other members of the conversation.
import { createClient } from "npm:@supabase/supabase-js@2";
import { deliver } from "../_shared/apns.ts";

const supabase = createClient(Deno.env.get("SUPABASE_URL")!, Deno.env.get("SUPABASE_SERVICE_ROLE_KEY")!);

Deno.serve(async (req) => {
  const { record } = await req.json();
  const { data: members } = await supabase
    .from("conversation_members")
    .select("user_id, profiles(device_token)")
    .eq("conversation_id", record.conversation_id)
    .neq("user_id", record.sender_id);

  await Promise.all((members ?? []).map((m: any) =>
    deliver(m.profiles.device_token, {
      aps: { alert: { title: "New message", body: record.body }, "thread-id": record.conversation_id },
      type: "message",
      conversation_id: record.conversation_id,
      message_id: record.id,
    })
  ));
  return new Response("ok");
});
