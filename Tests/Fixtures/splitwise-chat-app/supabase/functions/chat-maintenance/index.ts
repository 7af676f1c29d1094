// Cron (nightly): archives rooms nobody wrote in for 90 days, expires old invites, reports the counts.
import { json } from "../_shared/cors.ts";
import { NOTIFICATION_TYPES, notify } from "../_shared/notifications.ts";
import { supabaseAdmin } from "../_shared/supabaseClient.ts";
import type { ChatRoomStatus } from "../_shared/types.ts";

const DAY = 24 * 60 * 60 * 1000;

async function archiveQuietRooms(): Promise<number> {
  const cutoff = new Date(Date.now() - 90 * DAY).toISOString();
  const { data: quiet } = await supabaseAdmin
    .from("chat_rooms")
    .select("id, name, created_by, status")
    .eq("status", "active")
    .lt("last_message_at", cutoff);

  const ids: string[] = (quiet ?? []).map((room: { id: string }) => room.id);
  if (ids.length === 0) return 0;
  await supabaseAdmin.from("chat_rooms").update({ status: "inactive" }).in("id", ids);
  for (const room of quiet ?? []) {
    await notify(room.created_by, NOTIFICATION_TYPES.ROOM_ARCHIVED, `${room.name} was archived`, { room_id: room.id });
  }
  return ids.length;
}

async function expireInvites(): Promise<number> {
  const cutoff = new Date(Date.now() - 14 * DAY).toISOString();
  const { data } = await supabaseAdmin
    .from("invites")
    .update({ status: "expired" })
    .in("status", ["pending", "sent", "opened"])
    .lt("created_at", cutoff)
    .select("id");
  return data?.length ?? 0;
}

/** The label of a room's status in the admin digest. */
function label(status: ChatRoomStatus): string {
  switch (status) {
    case "active":
      return "Active";
    case "archived":
      return "Archived";
    case "locked":
      return "Locked by a moderator";
    case "deleted":
      return "Deleted";
  }
}

async function summary(roomId: string): Promise<string> {
  const { data: room } = await supabaseAdmin.from("chat_rooms").select("status").eq("id", roomId).single();
  if (room?.status === "locked") return "locked";
  return label(room?.status ?? "active");
}

Deno.serve(async (req) => {
  const roomId = new URL(req.url).searchParams.get("room");
  if (roomId) return json({ room: await summary(roomId) });
  return json({ archived: await archiveQuietRooms(), expired: await expireInvites() });
});
