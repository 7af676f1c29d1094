// Sends a notification to every member of a family.
import { createClient } from "npm:@supabase/supabase-js@2";

const supabase = createClient(Deno.env.get("SUPABASE_URL")!, Deno.env.get("SUPABASE_SERVICE_ROLE_KEY")!);

export async function sendPush(userId: string, kind: string, body: Record<string, unknown>) {
  await supabase.functions.invoke("push-notify", { body: { userId, kind, ...body } });
}

Deno.serve(async (req) => {
  const { familyId } = await req.json();
  const { data: members } = await supabase.from("family_members").select("user_id").eq("family_id", familyId);
  for (const member of members ?? []) {
    await sendPush(member.user_id, "general", {});
  }
  return new Response("ok");
});
