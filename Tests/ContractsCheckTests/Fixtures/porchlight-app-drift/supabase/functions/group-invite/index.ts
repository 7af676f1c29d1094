// Adds a neighbour to a group and tells them. Invites are not notification types: no inbox row, no type key;
// the app opens the group when the push carries its id.
import { createClient } from "npm:@supabase/supabase-js@2";
import { deliver } from "../_shared/apns.ts";

const supabase = createClient(Deno.env.get("SUPABASE_URL")!, Deno.env.get("SUPABASE_SERVICE_ROLE_KEY")!);

Deno.serve(async (req) => {
  const { group_id, user_id, invited_by } = await req.json();
  const { error } = await supabase.from("group_members").insert({ group_id, user_id, invited_by });
  if (error) return new Response(error.message, { status: 400 });

  const { data: group } = await supabase.from("groups").select("name").eq("id", group_id).single();
  const { data: invitee } = await supabase.from("profiles").select("device_token").eq("id", user_id).single();
  if (invitee?.device_token) {
    await deliver(invitee.device_token, {
      aps: { alert: { title: "You were added to a group", body: group?.name ?? "" }, sound: "default" },
      group_id: group_id,
    });
  }
  return new Response("ok");
});
