// Database webhook on notifications INSERT: push the new row to the member's devices.
import { createClient } from "https://esm.sh/@supabase/supabase-js@2";
import { sendPushNotification } from "../_shared/apns.ts";

export const NOTIFICATION_TYPES = {
  MESSAGE: "message",
  ADDED_TO_CONVERSATION: "added_to_conversation",
  NEW_RIDE: "new_ride",
  RIDE_UPDATE: "ride_update",
  RIDE_CLAIMED: "ride_claimed",
  RIDE_UNCLAIMED: "ride_unclaimed",
  RIDE_COMPLETED: "ride_completed",
  NEW_FAVOR: "new_favor",
  FAVOR_UPDATE: "favor_update",
  FAVOR_CLAIMED: "favor_claimed",
  FAVOR_UNCLAIMED: "favor_unclaimed",
  FAVOR_COMPLETED: "favor_completed",
  COMPLETION_REMINDER: "completion_reminder",
  QA_ACTIVITY: "qa_activity",
  QA_QUESTION: "qa_question",
  QA_ANSWER: "qa_answer",
  REVIEW: "review",
  REVIEW_RECEIVED: "review_received",
  REVIEW_REMINDER: "review_reminder",
  REVIEW_REQUEST: "review_request",
  TOWN_HALL_POST: "town_hall_post",
  TOWN_HALL_COMMENT: "town_hall_comment",
  TOWN_HALL_REACTION: "town_hall_reaction",
  ANNOUNCEMENT: "announcement",
  ADMIN_ANNOUNCEMENT: "admin_announcement",
  PENDING_APPROVAL: "pending_approval",
  USER_APPROVED: "user_approved",
  USER_REJECTED: "user_rejected",
  OTHER: "other",
} as const;

interface NotificationRow {
  id: string;
  user_id: string;
  type: string;
  title: string;
  body: string | null;
  ride_id: string | null;
  favor_id: string | null;
  conversation_id: string | null;
  town_hall_post_id: string | null;
}

const supabase = createClient(Deno.env.get("SUPABASE_URL")!, Deno.env.get("SUPABASE_SERVICE_ROLE_KEY")!);

/** The userInfo keys the app's DeepLinkParser reads for this row. */
function linkFields(record: NotificationRow): Record<string, string> {
  switch (record.type) {
    case "message":
    case "added_to_conversation":
      return { deep_link: "conversation", conversation_id: record.conversation_id ?? "" };
    case "town_hall_comments":
      return { deep_link: "townHallPostComments", town_hall_post_id: record.town_hall_post_id ?? "" };
    case "town_hall_post":
    case "town_hall_reaction":
      return { deep_link: "townHallPostHighlight", town_hall_post_id: record.town_hall_post_id ?? "" };
    case "pending_approval":
      return { deep_link: "pendingUsers" };
    default:
      if (record.ride_id) return { deep_link: "ride", ride_id: record.ride_id };
      if (record.favor_id) return { deep_link: "favor", favor_id: record.favor_id };
      return { deep_link: "notifications" };
  }
}

Deno.serve(async (req) => {
  const event = (await req.json()) as { type: "INSERT" | "UPDATE" | "DELETE"; record: NotificationRow };
  if (event.type !== "INSERT") return new Response("ignored", { status: 202 });
  const record = event.record;
  const { data: tokens } = await supabase.from("push_tokens").select("token").eq("user_id", record.user_id);
  // Logged as a structured event; `type` here is the log category, not a notification type.
  console.log(JSON.stringify({ type: "push.fanout", devices: tokens?.length ?? 0 }));
  const tokenShape = /^[0-9a-f]{64}$|^"[^"]*"$/i;
  for (const { token } of tokens ?? []) {
    if (!tokenShape.test(token)) continue;
    await sendPushNotification({ token, userId: record.user_id }, {
      aps: { alert: { title: record.title, body: record.body ?? "" }, sound: "default" },
      type: record.type,
      ...linkFields(record),
    });
  }
  return new Response(JSON.stringify({ sent: tokens?.length ?? 0 }), {
    headers: { "content-type": "application/json" },
  });
});
