// Weekly digest: one notification row per family member, then a push through push-notify.
import { createClient } from "npm:@supabase/supabase-js@2";

const supabase = createClient(Deno.env.get("SUPABASE_URL")!, Deno.env.get("SUPABASE_SERVICE_ROLE_KEY")!);

interface Member {
  user_id: string;
  display_name: string | null;
}

async function membersOf(familyId: string): Promise<Member[]> {
  const { data } = await supabase.from("family_members").select("user_id, display_name").eq("family_id", familyId);
  return data ?? [];
}

Deno.serve(async (req) => {
  const { familyId } = await req.json();
  const members = await membersOf(familyId);

  // Rows built by `map`, inserted by name.
  const rows = members.map((m) => ({ user_id: m.user_id, kind: "weekly_digest", title: "Your week" }));
  const { error } = await supabase.from("notifications").insert(rows);
  if (error) return new Response(error.message, { status: 500 });

  // The push for each member: the kind travels in the invoke body.
  const kind = "weekly_digest";
  for (const m of members) {
    await supabase.functions.invoke("push-notify", { body: { user_id: m.user_id, kind } });
  }

  // Decoys: the same shapes with registered kinds.
  const digestRows = members.map((m) => {
    return { user_id: m.user_id, kind: "weekly_digest", title: "Your week" };
  });
  await supabase.from("notifications").upsert(digestRows, { onConflict: "id" });
  const updateKind = "app_update";
  await supabase.functions.invoke("push-notify", { body: { user_id: familyId, kind: updateKind } });

  // Not notifications: another table's rows, an unrelated object with a `kind` key, a select of the column.
  const events = members.map((m) => ({ user_id: m.user_id, kind: "digest_sent" }));
  await supabase.from("family_events").insert(events);
  await supabase.from("other_table").insert({ kind: "digest_sent", family_id: familyId });
  const chart = { kind: "bar", values: members.length };
  const { data: recent } = await supabase.from("notifications").select("kind, title").eq("user_id", familyId);
  return new Response(JSON.stringify({ chart, recent }));
});
