import { encodeBase64 } from "jsr:@std/encoding@^1.0.5/base64";

export interface PushMessage {
  type: string;
  title: string;
  body?: string | null;
  data?: Record<string, unknown>;
}

/** Sends one push through the push relay (APNs behind it). */
export async function sendPush(token: string, message: PushMessage): Promise<boolean> {
  const credentials = encodeBase64(`${Deno.env.get("PUSH_RELAY_USER")}:${Deno.env.get("PUSH_RELAY_KEY")}`);
  const response = await fetch(Deno.env.get("PUSH_RELAY_URL") ?? "https://push.invalid/send", {
    method: "POST",
    headers: { Authorization: `Basic ${credentials}`, "Content-Type": "application/json" },
    body: JSON.stringify({
      token,
      aps: { alert: { title: message.title, body: message.body ?? "" }, sound: "default" },
      type: message.type,
      ...message.data,
    }),
  });
  return response.ok;
}
