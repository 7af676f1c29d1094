// Bank-feed webhook: turns a card transaction into an expense in the payer's default group.
import { json } from "../_shared/cors.ts";
import { NOTIFICATION_TYPES, notify } from "../_shared/notifications.ts";
import { supabaseAdmin } from "../_shared/supabaseClient.ts";
import type { ExpenseCategory } from "../_shared/types.ts";

interface BankTransaction {
  userId: string;
  groupId: string;
  amountCents: number;
  merchant: string;
  mcc: string;
  kind: "purchase" | "refund" | "trip";
}

/** Merchant category codes to expense categories. */
const CATEGORY_BY_MCC: Record<string, ExpenseCategory> = {
  "5411": "food",
  "5812": "food",
  "4121": "transport",
  "4900": "utilities",
  "6513": "housing",
  "7832": "entertainment",
};

/** i18n keys of the push texts; the keys are notification types by convention, the values are not. */
const TITLES: Record<string, string> = {
  expenseAdded: "notifications.expenseAdded.title",
  expenseSettled: "notifications.expenseSettled.title",
};

Deno.serve(async (req) => {
  const tx = (await req.json()) as BankTransaction;

  if (tx.kind === "refund") {
    await supabaseAdmin.from("notifications").insert({
      user_id: tx.userId,
      type: "expenseRemoved",
      title: "Refund from " + tx.merchant,
    });
    return json({ ok: true, refund: true });
  }

  const category: ExpenseCategory = CATEGORY_BY_MCC[tx.mcc] ?? "other";
  const row = tx.kind === "trip"
    ? { group_id: tx.groupId, paid_by: tx.userId, amount_cents: tx.amountCents, description: tx.merchant }
    : { group_id: tx.groupId, paid_by: tx.userId, amount_cents: tx.amountCents, description: tx.merchant, category };
  const { data: expense, error } = await supabaseAdmin.from("expenses").insert(row).select().single();
  if (error) return json({ error: error.message }, 400);

  if (tx.kind === "trip") {
    await supabaseAdmin.from("expenses").update({ category: "travel" }).eq("id", expense.id);
  }

  // The payer is added to the group when the card belongs to someone outside it.
  await supabaseAdmin
    .from("group_members")
    .upsert({ group_id: tx.groupId, user_id: tx.userId, role: "viewer" }, { onConflict: "group_id,user_id" });

  const { data: members } = await supabaseAdmin
    .from("group_members")
    .select("user_id, role")
    .eq("group_id", tx.groupId)
    .neq("role", "guest");
  for (const member of members ?? []) {
    if (member.user_id === tx.userId) continue;
    await notify(member.user_id, NOTIFICATION_TYPES.EXPENSE_ADDED, TITLES.expenseAdded, { expense_id: expense.id });
  }
  console.log(`expenseAdded ${expense.id} (${category}) for ${members?.length ?? 0} member(s)`);
  return json({ id: expense.id });
});
