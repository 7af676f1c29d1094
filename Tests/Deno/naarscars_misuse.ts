// Each line marked `expect-error` must be rejected by `deno check`, and no other line.
import { pushPayloadFor } from "../../supabase/functions/_shared/deepLinks.ts";
import { rideDeepLinkPayload } from "../../supabase/functions/_shared/deepLinks.ts";
import type { NotificationType } from "../../supabase/functions/_shared/notificationTypes.ts";
import type { BadgeCountsPayload } from "../../supabase/functions/_shared/payloads.ts";

const t: NotificationType = "nope"; // expect-error
pushPayloadFor("ride_claimed", {}); // expect-error
pushPayloadFor("ride_claimed", { favor_id: "f" }); // expect-error
pushPayloadFor("completion_reminder", {}); // expect-error
pushPayloadFor("message", { ride_id: "r" }); // expect-error
pushPayloadFor("user_rejected", { ride_id: "r" }); // expect-error
pushPayloadFor("nope", {}); // expect-error
rideDeepLinkPayload({}); // expect-error
rideDeepLinkPayload({ ride_id: 1 }); // expect-error
const b: BadgeCountsPayload = { messages_total: "2" }; // expect-error
const r: BadgeCountsPayload = { request_details: [{ request_type: "x" }] }; // expect-error

export const used = [t, b, r];
