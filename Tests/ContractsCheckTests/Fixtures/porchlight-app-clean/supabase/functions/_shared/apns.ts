// Sends one APNs payload to one device through the push relay.
export async function deliver(deviceToken: string, payload: Record<string, unknown>): Promise<boolean> {
  const res = await fetch(Deno.env.get("PUSH_RELAY_URL")!, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${Deno.env.get("PUSH_RELAY_KEY")}` },
    body: JSON.stringify({ device_token: deviceToken, payload }),
  });
  return res.ok;
}
