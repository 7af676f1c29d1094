// Compiles only if the generated NaarsCars TypeScript is typed as edge functions use it.
import {
  announcementsDeepLinkPayload,
  type DeepLinkPayload,
  notificationsDeepLinkPayload,
  pushPayloadFor,
  rideDeepLinkPayload,
} from "../../supabase/functions/_shared/deepLinks.ts";
import {
  NOTIFICATION_TYPE_ATTRIBUTES,
  NOTIFICATION_TYPES,
  type NotificationType,
  parseNotificationType,
} from "../../supabase/functions/_shared/notificationTypes.ts";
import {
  type BadgeCountsPayload,
  normalizeBadgeCountsPayload,
} from "../../supabase/functions/_shared/payloads.ts";

const claimed: NotificationType = NOTIFICATION_TYPES.RIDE_CLAIMED;
const push = pushPayloadFor(claimed, { ride_id: "r-1" });
const rideId: string = push.ride_id;
const link: "ride" = push.deep_link;
const kind: "ride_claimed" = push.type;

const reminder = pushPayloadFor("completion_reminder", { favor_id: "f-1" });
const either: "ride" | "favor" = reminder.deep_link;
const rejected = pushPayloadFor("user_rejected", {});
const announcement = pushPayloadFor("announcement", {});
const withId = pushPayloadFor("admin_announcement", { notification_id: "n" });

const links: DeepLinkPayload[] = [
  rideDeepLinkPayload({ ride_id: "r-2" }),
  announcementsDeepLinkPayload(),
  notificationsDeepLinkPayload(),
];

const raw: BadgeCountsPayload = { messages_total: 2, request_details: null };
const total: number = normalizeBadgeCountsPayload(raw).messages_total;
const detail = normalizeBadgeCountsPayload(raw).request_details[0];
const requestType: "ride" | "favor" | undefined = detail?.request_type;
const parsed: NotificationType = parseNotificationType("whatever");
const disable: boolean = NOTIFICATION_TYPE_ATTRIBUTES[parsed].canBeDisabled;

export const used = [
  rideId,
  link,
  kind,
  either,
  rejected,
  announcement,
  withId,
  links,
  total,
  requestType,
  disable,
];
