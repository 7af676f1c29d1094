/** Sends one push through APNs: the caller's `data` rides along at the top level of the payload. */
export async function pushToUser(
  token: string,
  notificationType: string,
  title: string,
  data: Record<string, unknown> = {},
): Promise<Response> {
  const payload = { aps: { alert: { title }, sound: "default" }, kind: notificationType, ...data };
  return await fetch(`https://api.push.apple.com/3/device/${token}`, { method: "POST", body: JSON.stringify(payload) });
}
