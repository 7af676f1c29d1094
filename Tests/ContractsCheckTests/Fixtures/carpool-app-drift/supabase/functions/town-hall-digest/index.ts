// Weekly: tells every neighbour what happened in the town hall, and pushes new posts.
import { createClient } from "npm:@supabase/supabase-js@2";

const supabase = createClient(Deno.env.get("SUPABASE_URL")!, Deno.env.get("SUPABASE_SERVICE_ROLE_KEY")!);

type Row = { id: string; type: string; user_id: string };

function shouldSkip(row: Row): boolean {
  // Drafts live in the app only.
  if (row.type === "draft_saved") return true;
  return row.type === "announcement";
}

Deno.serve(async () => {
  const { data: rows } = await supabase.from("notifications").select("id, type, user_id").limit(500);
  const due = (rows ?? []).filter((row: Row) => !shouldSkip(row) && row.type !== "weekly_digest");
  const { data: posts } = await supabase.from("town_hall_posts").select("id, author_id").is("parent_id", null);
  for (const post of posts ?? []) {
    const push = {
      aps: { alert: { title: "New town hall post", body: "Tap to read" } },
      type: "town_hall_post",
      town_hall_post_id: post.id,
    };
    await fetch("https://push.example.invalid/broadcast", { method: "POST", body: JSON.stringify(push) });
  }
  await supabase.from("notifications").insert(
    due.map((row: Row) => ({ user_id: row.user_id, type: "weekly_digest", title: "Your week on the street" })),
  );
  return new Response(JSON.stringify({ count: due.length }));
});
