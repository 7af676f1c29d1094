import { supabaseAdmin } from "./supabaseClient.ts";

/** The notification types (camelCase on the wire, as the first app version stored them). */
export const NOTIFICATION_TYPES = {
  EXPENSE_ADDED: "expenseAdded",
  EXPENSE_SETTLED: "expenseSettled",
  COMMENT_ADDED: "commentAdded",
  INVITE_RECEIVED: "inviteReceived",
  INVITE_ACCEPTED: "inviteAccepted",
  ROOM_ARCHIVED: "roomArchived",
  PAYMENT_REMINDER: "paymentReminder",
  GENERAL: "general",
} as const;

export type NotificationType = (typeof NOTIFICATION_TYPES)[keyof typeof NOTIFICATION_TYPES];

/** Inserts one notification; the database webhook on `notifications` sends the push. */
export async function notify(userId: string, type: NotificationType, title: string, data: Record<string, unknown> = {}) {
  const { error } = await supabaseAdmin.from("notifications").insert({ user_id: userId, type, title, data });
  if (error) console.error(`notify(${type}) failed: ${error.message}`);
}
