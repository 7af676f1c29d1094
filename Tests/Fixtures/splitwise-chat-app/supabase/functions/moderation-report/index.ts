// Users report a message, a room, an expense, a user or a media asset; moderators resolve them in the dashboard.
import { json } from "../_shared/cors.ts";
import { supabaseAdmin } from "../_shared/supabaseClient.ts";
import { needsAttention } from "../_shared/types.ts";

/** What can be reported (reports.target_type). */
export const REPORT_TARGET_TYPES = new Set(["message", "chat_room", "expense", "user"]);

/** The table each target lives in (object keys, not values written anywhere). */
const TARGET_TABLES: Record<string, string> = {
  message: "messages",
  chat_room: "chat_rooms",
  expense: "expenses",
  user: "profiles",
  media_asset: "media_assets",
};

interface ReportRequest {
  reporterId: string;
  targetType: string;
  targetId: string;
  reason: string;
  /** Set by the 1.x app when a comment on an expense is reported. */
  isComment?: boolean;
}

Deno.serve(async (req) => {
  const body = (await req.json()) as ReportRequest;

  if (body.isComment) {
    const { error } = await supabaseAdmin.from("reports").insert({
      reporter_id: body.reporterId,
      target_type: "comment",
      target_id: body.targetId,
      reason: body.reason,
    });
    return error ? json({ error: error.message }, 400) : json({ ok: true });
  }

  if (!REPORT_TARGET_TYPES.has(body.targetType)) return json({ error: `cannot report a ${body.targetType}` }, 400);

  const { data: target } = await supabaseAdmin
    .from(TARGET_TABLES[body.targetType])
    .select("id, status")
    .eq("id", body.targetId)
    .maybeSingle();
  if (!target) return json({ error: "not found" }, 404);
  if (target.status === "banned") return json({ error: "already removed by a moderator" }, 409);

  const { error } = await supabaseAdmin.from("reports").insert({
    reporter_id: body.reporterId,
    target_type: body.targetType,
    target_id: body.targetId,
    reason: body.reason,
    status: target.status === "deleted" ? "dismissed" : "open",
  });
  if (error) return json({ error: error.message }, 400);

  const { data: open } = await supabaseAdmin.from("reports").select("id, status").eq("status", "open");
  return json({ ok: true, queue: open?.length ?? 0, urgent: needsAttention(target) });
});
