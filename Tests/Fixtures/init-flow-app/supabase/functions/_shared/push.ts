// Sends one APNs push through the push service; the payload's keys are what the app reads from userInfo.
export async function sendPush(token: string, payload: Record<string, unknown>): Promise<void> {
  await fetch(Deno.env.get('PUSH_URL') ?? '', {
    method: 'POST',
    body: JSON.stringify({ token, payload }),
  })
}
