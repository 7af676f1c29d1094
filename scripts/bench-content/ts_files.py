"""TypeScript edge functions of the synthetic app: pushes with registered types and payload keys."""

NAMES = ["send-notification", "ride-reminder", "favor-update", "message-push", "town-hall-digest",
         "review-request", "admin-broadcast", "approve-user", "badge-refresh", "cleanup"]


def shared_push(reg):
    return '''// Hand-written push helper shared by the edge functions.
import { createClient } from "https://esm.sh/@supabase/supabase-js@2";

export interface PushArgs {
  type: string;
  userId: string;
  title: string;
  body: string;
  data?: Record<string, string>;
}

export async function sendPushNotification(args: PushArgs): Promise<void> {
  const client = createClient(Deno.env.get("SUPABASE_URL")!, Deno.env.get("SUPABASE_SERVICE_ROLE_KEY")!);
  const { data: tokens } = await client.from("push_tokens").select("token").eq("user_id", args.userId);
  for (const row of tokens ?? []) {
    await fetch("https://api.push.apple.com/3/device/" + row.token, {
      method: "POST",
      body: JSON.stringify({ aps: { alert: { title: args.title, body: args.body } }, type: args.type, ...args.data }),
    });
  }
}
'''


def edge_function(rng, reg, i):
    links = {c["name"]: c for c in reg.deep_links}
    handlers = []
    for h in range(rng.randint(5, 7)):
        value = rng.choice(reg.values)
        keys = []
        for name in value["deep_link"][:1]:
            keys = [p["payload_key"] for p in links.get(name, {"params": []})["params"]]
        data = ", ".join('%s: record.%s' % (k, k) for k in keys)
        handlers.append('''
async function handle{h}(client: SupabaseClient, record: Record<string, string>): Promise<number> {{
  // Step {h}: load the rows this push is about, skip muted users, then notify.
  const {{ data: prefs, error }} = await client
    .from("notification_preferences")
    .select("user_id, muted_until")
    .eq("user_id", record.user_id)
    .maybeSingle();
  if (error) {{
    console.error("function {i} handler {h}: preferences", error.message);
    return 0;
  }}
  if (prefs?.muted_until && new Date(prefs.muted_until) > new Date()) {{
    return 0;
  }}
  const {{ data: counts }} = await client.rpc("get_badge_counts", {{ p_user_id: record.user_id }});
  const total = (counts?.messages_total ?? 0) + (counts?.requests_total ?? 0);
  await sendPushNotification({{
    type: "{raw}",
    userId: record.user_id,
    title: "Update {i}.{h}",
    body: `You have ${{total}} unread items`,
    data: {{ {data} }},
  }});
  return 1;
}}
'''.format(h=h, i=i, raw=value["raw"], data=data))
    calls = "\n".join("    sent += await handle%d(client, record);" % h for h in range(len(handlers)))
    return '''// Edge function {i}: sends pushes for database events.
import {{ serve }} from "https://deno.land/std@0.168.0/http/server.ts";
import {{ createClient, SupabaseClient }} from "https://esm.sh/@supabase/supabase-js@2";
import {{ sendPushNotification }} from "../_shared/push.ts";
{handlers}
serve(async (req: Request) => {{
  const client = createClient(Deno.env.get("SUPABASE_URL")!, Deno.env.get("SUPABASE_SERVICE_ROLE_KEY")!);
  const {{ record }} = await req.json();
  let sent = 0;
  try {{
{calls}
  }} catch (e) {{
    return new Response(JSON.stringify({{ error: String(e) }}), {{ status: 500 }});
  }}
  return new Response(JSON.stringify({reply}), {{ headers: {{ "Content-Type": "application/json" }} }});
}});
'''.format(i=i, handlers="".join(handlers), calls=calls,
                 # approve-user answers what the app's services decode (`Approval`).
                 reply="{ approved: sent > 0, reason: null }" if NAMES[i % len(NAMES)] == "approve-user" else "{ sent }")
