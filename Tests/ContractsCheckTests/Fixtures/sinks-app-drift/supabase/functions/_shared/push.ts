import type { SupabaseClient } from "npm:@supabase/supabase-js@2";

interface ReminderRow {
  user_id: string;
  title: string;
  kind: string;
}

/** Records the notification for the sender job; every edge function schedules through here. */
export async function sendPushToUser(
  supabase: SupabaseClient,
  userId: string,
  notificationType: string,
  title: string,
  body?: string,
): Promise<{ scheduled: boolean }> {
  const { error } = await supabase.from("scheduled_notifications").insert({
    user_id: userId,
    title,
    body: body ?? null,
    kind: notificationType,
    send_at: new Date().toISOString(),
  });
  return { scheduled: !error };
}

/** Reminds everyone in `ids`; a reminder unless the caller says otherwise. */
export const remindAll = async (supabase: SupabaseClient, ids: string[], kind = "reminder_du") => {
  for (const id of ids) await sendPushToUser(supabase, id, kind, "Reminder");
};

/** Sends each row again: the row's own kind wins over the one passed. */
export async function resendAll(supabase: SupabaseClient, rows: ReminderRow[], kind: string) {
  for (const row of rows) {
    const kind = row.kind;
    await sendPushToUser(supabase, row.user_id, kind, row.title);
  }
}

/** An event for the activity screen: its kind is an event name, in another table. */
export async function logEvent(supabase: SupabaseClient, userId: string, kind: string) {
  await supabase.from("activity_log").insert({ user_id: userId, kind });
}
