import { createClient } from "npm:@supabase/supabase-js@2";
import { pushToUser } from "../_shared/apns.ts";

Deno.serve(async () => {
  const supabase = createClient(Deno.env.get("SUPABASE_URL")!, Deno.env.get("SUPABASE_SERVICE_ROLE_KEY")!);
  const { data: due } = await supabase.from("reminders").select("id, title, device_token").lte("due_at", new Date().toISOString());
  for (const reminder of due ?? []) {
    await pushToUser(reminder.device_token, "reminder_due", reminder.title, { reminder_id: reminder.id });
    // An object of the caller's own: its keys are not known here.
    const extra = { reminder_id: reminder.id };
    await pushToUser(reminder.device_token, "reminder_due", reminder.title, extra);
    await pushToUser(reminder.device_token, "weekly_digest", "Your week");
  }
  return new Response("ok");
});
