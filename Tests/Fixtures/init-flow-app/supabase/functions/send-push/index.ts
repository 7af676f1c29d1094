import { sendPush } from '../_shared/push.ts'

type Event =
  | { kind: 'message'; token: string; conversationId: string; added: boolean }
  | { kind: 'favor'; token: string; favorId: string }
  | { kind: 'ride'; token: string; rideId: string; review: boolean }
  | { kind: 'town_hall'; token: string; postId: string; replyId: string }
  | { kind: 'announcement'; token: string; text: string }

export async function deliver(event: Event): Promise<void> {
  switch (event.kind) {
    case 'message':
      await sendPush(event.token, {
        aps: { alert: event.added ? 'You were added to a conversation' : 'New message' },
        type: event.added ? 'added_to_conversation' : 'message',
        conversation_id: event.conversationId,
      })
      return
    case 'favor':
      await sendPush(event.token, { aps: { alert: 'Favor request' }, type: 'favor_request', favor_id: event.favorId })
      return
    case 'ride':
      if (event.review) {
        await sendPush(event.token, { aps: { alert: 'Leave a review' }, type: 'review_request', ride_id: event.rideId })
      } else {
        await sendPush(event.token, { aps: { alert: 'Ride claimed' }, type: 'ride_claimed', ride_id: event.rideId })
      }
      return
    case 'town_hall':
      await sendPush(event.token, {
        aps: { alert: 'Town hall reply' },
        type: 'town_hall_reply',
        town_hall_post_id: event.postId,
        reply_id: event.replyId,
      })
      return
    case 'announcement':
      await sendPush(event.token, { aps: { alert: event.text }, type: 'announcement' })
      return
  }
}
