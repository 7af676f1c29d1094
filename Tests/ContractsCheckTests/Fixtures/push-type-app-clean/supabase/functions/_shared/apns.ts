// Sends one APNs push; `data` is merged beside `aps`.
export interface PushData {
  type: string;
  [key: string]: string;
}

export async function sendPush(token: string, title: string, body: string, data: PushData): Promise<void> {
  const payload = { aps: { alert: { title, body }, sound: "default" }, ...data };
  await fetch(`https://api.push.apple.com/3/device/${token}`, {
    method: "POST",
    headers: { "apns-push-type": "alert" },
    body: JSON.stringify(payload),
  });
}
