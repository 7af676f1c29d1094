import { createClient } from "npm:@supabase/supabase-js@2";

const VALID_REASONS = new Set(["spam", "harassment", "inappropriate", "other"]);

Deno.serve(async (req) => {
  const { reporterId, messageId, reason } = await req.json();
  if (!VALID_REASONS.has(reason)) return new Response("bad reason", { status: 400 });
  const supabase = createClient(Deno.env.get("SUPABASE_URL")!, Deno.env.get("SUPABASE_SERVICE_ROLE_KEY")!);
  await supabase.from("reports").insert({ reporter_id: reporterId, message_id: messageId, reason, status: "open" });
  return new Response("ok");
});
