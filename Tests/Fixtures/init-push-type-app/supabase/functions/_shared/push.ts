// Sends one APNs push. `data` lands in the app's userInfo next to `aps`.
export async function sendPush(userId: string, title: string, body: string, data: Record<string, string>) {
  const token = await deviceToken(userId);
  if (!token) return;
  await fetch(`https://api.push.apple.com/3/device/${token}`, {
    method: "POST",
    body: JSON.stringify({ aps: { alert: { title, body }, sound: "default" }, ...data }),
  });
}

async function deviceToken(userId: string): Promise<string | null> {
  return Deno.env.get(`TOKEN_${userId}`) ?? null;
}
