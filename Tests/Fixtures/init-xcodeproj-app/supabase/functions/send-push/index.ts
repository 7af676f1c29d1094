import { NOTIFICATION_TYPES } from '../_shared/notificationTypes.ts'

interface RideEvent {
  token: string
  rideId: string
  status: 'requested' | 'claimed' | 'completed' | 'cancelled'
}

async function sendPush(token: string, payload: Record<string, unknown>): Promise<void> {
  await fetch(Deno.env.get('PUSH_GATEWAY_URL') ?? '', { method: 'POST', body: JSON.stringify({ token, ...payload }) })
}

Deno.serve(async (request) => {
  const event: RideEvent = await request.json()
  const type = event.status === 'claimed' ? NOTIFICATION_TYPES.RIDE_CLAIMED : NOTIFICATION_TYPES.RIDE_UPDATE
  await sendPush(event.token, { aps: { alert: 'Your ride changed' }, type, ride_id: event.rideId })
  return new Response('ok')
})
