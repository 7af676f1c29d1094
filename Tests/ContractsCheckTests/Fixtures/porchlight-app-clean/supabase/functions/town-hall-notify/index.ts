// Database webhook on town_hall_posts: pushes a new post to every neighbour, and a reply to the post's author.
import { createClient } from "npm:@supabase/supabase-js@2";
import { deliver } from "../_shared/apns.ts";

const supabase = createClient(Deno.env.get("SUPABASE_URL")!, Deno.env.get("SUPABASE_SERVICE_ROLE_KEY")!);

interface PostRecord {
  id: string;
  author_id: string;
  parent_id: string | null;
  body: string;
}

Deno.serve(async (req) => {
  const { record } = (await req.json()) as { type: "INSERT"; record: PostRecord };
  const isReply = record.parent_id !== null;
  const recipients = isReply
    ? await supabase.from("town_hall_posts").select("author_id, profiles(device_token)").eq("id", record.parent_id!)
    : await supabase.from("profiles").select("device_token").neq("id", record.author_id);

  let sent = 0;
  for (const row of recipients.data ?? []) {
    const token = "device_token" in row ? row.device_token : (row as any).profiles?.device_token;
    if (!token) continue;
    const payload = {
      aps: {
        alert: { title: isReply ? "New reply" : "New town hall post", body: record.body.slice(0, 100) },
        sound: "default",
      },
      type: isReply ? "town_hall_reply" : "town_hall_post",
      town_hall_post_id: record.parent_id ?? record.id,
    };
    if (await deliver(token, payload)) sent++;
  }
  return new Response(JSON.stringify({ sent }), { headers: { "content-type": "application/json" } });
});
