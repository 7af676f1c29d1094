// Compiles only if the generated driver-app TypeScript (other names everywhere) is typed as edge functions use it.
import {
  type DriverRoutePayload,
  inboxDriverRoutePayload,
  orderDriverRoutePayload,
  pushPayloadFor,
} from "../Golden/driver-app/typescript/deepLinks.ts";
import {
  DRIVER_NOTIFICATION_KINDS,
  type DriverNotificationKind,
  parseDriverNotificationKind,
} from "../Golden/driver-app/typescript/notificationTypes.ts";
import {
  normalizeUnreadSummary,
  type UnreadSummary,
} from "../Golden/driver-app/typescript/payloads.ts";

const assigned: DriverNotificationKind =
  DRIVER_NOTIFICATION_KINDS.TRIP_ASSIGNED;
const push = pushPayloadFor(assigned, { trip_id: "t-1" });
const tripId: string = push.trip_id;
const route: "trip" = push.route;
const kind: "trip_assigned" = push.notification_type;
const ready = pushPayloadFor("order_ready", { order_id: "o", stop_index: 2 });
const either: "order" | "trip" = ready.route;
const plain = pushPayloadFor("default", {});
const urgent = pushPayloadFor("urgent_alert", { message: "Stop now" });

const routes: DriverRoutePayload[] = [
  orderDriverRoutePayload({ order_id: "o-1" }),
  inboxDriverRoutePayload(),
];
const raw: UnreadSummary = { unread_total: 1, latest_at: null };
const urgentTrip: boolean | undefined = normalizeUnreadSummary(raw).trips[0]
  ?.is_urgent;
const parsed: DriverNotificationKind = parseDriverNotificationKind(42);

export const used = [
  tripId,
  route,
  kind,
  either,
  plain,
  urgent,
  routes,
  urgentTrip,
  parsed,
];
