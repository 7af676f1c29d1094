import { createClient } from "https://esm.sh/@supabase/supabase-js@2";
import { sendPushToUser } from "../_shared/push.ts";

Deno.serve(async (req) => {
  const { record } = await req.json();
  const supabase = createClient(Deno.env.get("SUPABASE_URL") ?? "", Deno.env.get("SUPABASE_SERVICE_ROLE_KEY") ?? "");
  await sendPushToUser(supabase, record.recipient_id, "message", "New message", record.body.slice(0, 120), {
    conversation_id: record.conversation_id,
    user_id: record.sender_id,
  });
  return new Response("ok");
});
