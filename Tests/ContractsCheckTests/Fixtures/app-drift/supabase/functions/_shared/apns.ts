// APNs delivery shared by every function that sends a push.
import { create, getNumericDate } from "https://deno.land/x/djwt@v3.0.2/mod.ts";

const APNS_HOST = Deno.env.get("APNS_PRODUCTION") === "true"
  ? "https://api.push.apple.com"
  : "https://api.sandbox.push.apple.com";

export interface PushTarget {
  token: string;
  userId: string;
}

/** The notification type carried by a webhook or queued payload, whichever field the sender used. */
export function resolveEventType(payload: Record<string, unknown>): string | undefined {
  const data = payload.data as Record<string, unknown> | undefined;
  return (payload.type ?? payload.eventType ?? data?.type) as string | undefined;
}

/** Sends one push; `payload` becomes the notification's userInfo. */
export async function sendPushNotification(target: PushTarget, payload: Record<string, unknown>): Promise<boolean> {
  const jwt = await create(
    { alg: "ES256", kid: Deno.env.get("APNS_KEY_ID") ?? "" },
    { iss: Deno.env.get("APNS_TEAM_ID") ?? "", iat: getNumericDate(0) },
    await signingKey(),
  );
  const response = await fetch(`${APNS_HOST}/3/device/${target.token}`, {
    method: "POST",
    headers: {
      authorization: `bearer ${jwt}`,
      "apns-topic": Deno.env.get("APNS_TOPIC") ?? "com.naarscars.app",
      "apns-push-type": "alert",
    },
    body: JSON.stringify(payload),
  });
  return response.ok;
}

async function signingKey(): Promise<CryptoKey> {
  const pem = (Deno.env.get("APNS_PRIVATE_KEY") ?? "").replace(/-----[A-Z ]+-----|\s/g, "");
  const der = Uint8Array.from(atob(pem), (c) => c.charCodeAt(0));
  return await crypto.subtle.importKey("pkcs8", der, { name: "ECDSA", namedCurve: "P-256" }, false, ["sign"]);
}
