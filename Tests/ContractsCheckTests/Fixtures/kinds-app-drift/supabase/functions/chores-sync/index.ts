// Keeps chore notifications in step with the chores table (called by a database webhook).
import { createClient } from "npm:@supabase/supabase-js@2";

const supabase = createClient(Deno.env.get("SUPABASE_URL")!, Deno.env.get("SUPABASE_SERVICE_ROLE_KEY")!);

type ChoreEvent = { type: "INSERT" | "UPDATE"; record: { id: string; assignee: string; done: boolean } };

Deno.serve(async (req) => {
  const event = (await req.json()) as ChoreEvent;
  const chore = event.record;

  if (event.type === "INSERT") {
    await supabase.from("notifications").insert({ user_id: chore.assignee, kind: "chore_created", data: { chore_id: chore.id } });
  }
  if (chore.done) {
    await supabase.from("notifications").insert([
      { user_id: chore.assignee, kind: "chore_completed", data: { chore_id: chore.id } },
      { user_id: chore.assignee, kind: "chore_approved", data: { chore_id: chore.id } },
    ]);
  }
  await supabase.from("notifications").update({ kind: "chore_reassigned" }).eq("data->>chore_id", chore.id);

  // A retired kind written again.
  await supabase.from("notifications").insert({ user_id: chore.assignee, kind: "admin_child_add" });

  // Decoys: reading and cleaning up a retired kind, registered kinds in place.
  const { data: old } = await supabase.from("notifications").select("id, kind").eq("user_id", chore.assignee);
  for (const row of old ?? []) {
    if (row.kind === "admin_child_add" || row.kind === "admin_edit_child_add") {
      await supabase.from("notifications").update({ kind: "admin_edit_child_add" }).eq("id", row.id);
    }
  }
  await supabase.from("notifications").insert({ user_id: chore.assignee, kind: "chore_assigned", data: { chore_id: chore.id } });
  await supabase.from("notifications").update({ kind: "reward_redeemed" }).eq("kind", "weekly_summary");
  return new Response("ok");
});
