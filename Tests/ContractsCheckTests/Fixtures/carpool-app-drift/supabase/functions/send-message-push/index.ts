// Sends the push for a new chat message to every other member of the conversation.
import { createClient } from "npm:@supabase/supabase-js@2";
import { NOTIFICATION_TYPES } from "../_shared/generated/notificationTypes.ts";

const supabase = createClient(Deno.env.get("SUPABASE_URL")!, Deno.env.get("SUPABASE_SERVICE_ROLE_KEY")!);

interface MessageRecord {
  id: string;
  conversation_id: string;
  sender_id: string;
  body: string;
}

export async function sendPush(token: string, type: string, payload: Record<string, unknown>) {
  await fetch("https://push.example.invalid/apns", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ token, payload: { ...payload, type } }),
  });
}

Deno.serve(async (req) => {
  const { record } = (await req.json()) as { record: MessageRecord; type: "INSERT" | "UPDATE" };
  const { data: sender } = await supabase.from("profiles").select("display_name").eq("id", record.sender_id).single();
  const { data: members } = await supabase
    .from("conversation_members")
    .select("user_id, device_token")
    .eq("conversation_id", record.conversation_id);

  for (const member of members ?? []) {
    if (member.user_id === record.sender_id) continue;
    const payload = {
      aps: {
        alert: { title: sender?.display_name ?? "New message", body: record.body.slice(0, 120) },
        sound: "default",
        "thread-id": record.conversation_id,
      },
      type: NOTIFICATION_TYPES.MESSAGE,
      conversation_id: record.conversation_id,
      message_id: record.id,
      sender_name: sender?.display_name,
      thread_preview: record.body.slice(0, 40),
    };
    await sendPush(member.device_token, "message", payload);
  }
  // A row for the in-app inbox (rows are not push payloads).
  await supabase.from("notifications").insert({
    user_id: record.sender_id,
    type: "message",
    title: "Message sent",
  });
  return new Response("ok");
});
