// Invites by email: `send` creates and mails one, `open` is the landing page's call when the link is opened.
import { json } from "../_shared/cors.ts";
import { notify } from "../_shared/notifications.ts";
import { supabaseAdmin } from "../_shared/supabaseClient.ts";
import type { InviteStatus } from "../_shared/types.ts";

type Action = "send" | "open" | "accept" | "decline";

interface InviteRequest {
  action: Action;
  roomId?: string;
  email?: string;
  token?: string;
  invitedBy?: string;
}

/** The statuses in which an invite can still be answered. */
const OPEN_STATUSES: InviteStatus[] = ["pending", "sent", "opened"];

async function send(req: InviteRequest): Promise<Response> {
  const { data: invite, error } = await supabaseAdmin
    .from("invites")
    .insert({ room_id: req.roomId, invited_by: req.invitedBy, email: req.email, status: "created" })
    .select()
    .single();
  if (error) return json({ error: error.message }, 400);

  await mail(invite.email, invite.token);
  await supabaseAdmin.from("invites").update({ status: "sent" }).eq("id", invite.id).eq("status", "pending");

  const { data: inviteeId } = await supabaseAdmin.rpc("user_id_for_email", { p_email: invite.email });
  if (inviteeId) await notify(inviteeId, "inviteReceived", "You were invited to a room", { invite_id: invite.id });
  return json({ id: invite.id });
}

async function open(req: InviteRequest): Promise<Response> {
  let { data: row } = await supabaseAdmin
    .from("invites")
    .select("id, room_id, status")
    .eq("token", req.token)
    .single();
  if (!row || row.status === "rejected") return json({ error: "invite no longer valid" }, 410);
  if (row.status === "revoked" || row.status === "expired") return json({ error: `invite ${row.status}` }, 410);

  if (row.status === "sent") {
    await supabaseAdmin
      .from("invites")
      .update({ status: "opened", opened_at: new Date().toISOString() })
      .eq("id", row.id);
  }

  // The same name, now for the room the invite is for.
  ({ data: row } = await supabaseAdmin.from("chat_rooms").select("id, name, status").eq("id", row.room_id).single());
  if (row?.status === "archived" || row?.status === "locked") return json({ error: "room closed" }, 410);
  return json({ room: row?.name });
}

async function mail(to: string, token: string): Promise<void> {
  const link = `https://splitchat.app/invite/${token}?status=pending`;
  await fetch(Deno.env.get("MAILER_URL") ?? "https://mail.invalid", {
    method: "POST",
    body: JSON.stringify({ to, template: "invite.pending", link }),
  });
}

Deno.serve(async (req) => {
  const body = (await req.json()) as InviteRequest;
  switch (body.action) {
    case "send":
      return await send(body);
    case "open":
      return await open(body);
    default:
      return json({ error: `unknown action ${body.action}`, open: OPEN_STATUSES }, 400);
  }
});
