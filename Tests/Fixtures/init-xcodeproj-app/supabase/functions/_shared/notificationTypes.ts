// The types a push may carry; kept in step with NotificationType.swift by hand.
export const NOTIFICATION_TYPES = {
  MESSAGE: 'message',
  RIDE_UPDATE: 'ride_update',
  RIDE_CLAIMED: 'ride_claimed',
  TOWN_HALL_POST: 'town_hall_post',
  OTHER: 'other',
} as const

export type NotificationType = typeof NOTIFICATION_TYPES[keyof typeof NOTIFICATION_TYPES]
