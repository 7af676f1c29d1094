// One APNs push; `data` lands in userInfo. `screen` says which screen a tap opens.
export async function sendPush(userId: string, title: string, data: Record<string, string>) {
  const token = Deno.env.get(`TOKEN_${userId}`);
  if (!token) return;
  await fetch(`https://api.push.apple.com/3/device/${token}`, {
    method: "POST",
    body: JSON.stringify({ aps: { alert: { title } }, ...data }),
  });
}
