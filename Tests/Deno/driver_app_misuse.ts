// Each line marked `expect-error` must be rejected by `deno check`, and no other line.
import { pushPayloadFor } from "../Golden/driver-app/typescript/deepLinks.ts";
import { orderDriverRoutePayload } from "../Golden/driver-app/typescript/deepLinks.ts";
import type { DriverNotificationKind } from "../Golden/driver-app/typescript/notificationTypes.ts";
import type { UnreadSummary } from "../Golden/driver-app/typescript/payloads.ts";

const t: DriverNotificationKind = "nope"; // expect-error
const u: DriverNotificationKind = "message"; // expect-error
pushPayloadFor("trip_assigned", {}); // expect-error
pushPayloadFor("order_ready", { stop_index: 1 }); // expect-error
pushPayloadFor("urgent_alert", { trip_id: "t" }); // expect-error
pushPayloadFor("ride_claimed", {}); // expect-error
orderDriverRoutePayload({ order_id: "o", stop_index: "1" }); // expect-error
const s: UnreadSummary = { trips: [{ unread: 1 }] }; // expect-error

export const used = [t, u, s];
