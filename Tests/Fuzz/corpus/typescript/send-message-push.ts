// Database webhook on messages INSERT: push the message to every other participant.
import { createClient } from "https://esm.sh/@supabase/supabase-js@2";
import { sendPushNotification } from "../_shared/apns.ts";

interface MessageRow {
  id: string;
  conversation_id: string;
  from_id: string;
  text: string;
}

const supabase = createClient(Deno.env.get("SUPABASE_URL")!, Deno.env.get("SUPABASE_SERVICE_ROLE_KEY")!);

Deno.serve(async (req) => {
  const { record } = (await req.json()) as { record: MessageRow };
  const { data: sender } = await supabase.from("profiles").select("name").eq("id", record.from_id).single();
  const { data: participants } = await supabase
    .from("conversation_participants")
    .select("user_id, push_tokens(token)")
    .eq("conversation_id", record.conversation_id)
    .neq("user_id", record.from_id);

  const preview = record.text.length > 120 ? `${record.text.slice(0, 117)}...` : record.text;
  const title = `${sender?.name ?? "Someone"} ${record.text.includes('"') ? "quoted you" : "sent a message"}`;
  const attachment = new Blob([record.text], { type: "text/plain" });
  console.log(`message ${record.id}: ${attachment.size} bytes, ${participants?.length ?? 0} recipients`);

  for (const participant of participants ?? []) {
    for (const { token } of participant.push_tokens ?? []) {
      await sendPushNotification({ token, userId: participant.user_id }, {
        aps: { alert: { title, body: preview }, sound: "default", "thread-id": record.conversation_id },
        type: "message",
        deep_link: "conversation",
        conversationId: record.conversation_id,
        message_id: record.id,
      });
    }
  }
  // The sender sees a delivery marker in the thread; `type` is the messages table's own column.
  await supabase.from("messages").insert({ conversation_id: record.conversation_id, from_id: record.from_id, text: "delivered", type: "system" });
  return new Response("ok");
});
