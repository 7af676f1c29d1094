// Runtime behaviour of the generated NaarsCars TypeScript, against facts read from registry.yaml.
import { assert, assertEquals, assertThrows, registryFacts } from "./assert.ts";
import {
  announcementsDeepLinkPayload,
  DEEP_LINK_KEY,
  pushPayloadFor,
  rideDeepLinkPayload,
} from "../../supabase/functions/_shared/deepLinks.ts";
import {
  ALL_NOTIFICATION_TYPES,
  FALLBACK_NOTIFICATION_TYPE,
  isNotificationType,
  NOTIFICATION_TYPE_ATTRIBUTES,
  NOTIFICATION_TYPE_KEY,
  NOTIFICATION_TYPES,
  parseNotificationType,
} from "../../supabase/functions/_shared/notificationTypes.ts";
import {
  normalizeBadgeCountsPayload,
} from "../../supabase/functions/_shared/payloads.ts";

const facts = registryFacts();
const outsiders: unknown[] = [
  "nope",
  "",
  "MESSAGE",
  " message",
  "constructor",
  "__proto__",
  1,
  null,
  undefined,
  {},
  ["message"],
];

Deno.test("the const and ALL list hold exactly the registered types", () => {
  assertEquals(ALL_NOTIFICATION_TYPES, facts.types);
  assertEquals(Object.values(NOTIFICATION_TYPES), facts.types);
  assertEquals(NOTIFICATION_TYPE_KEY, facts.typeKey);
  assertEquals(DEEP_LINK_KEY, facts.linkKey);
});

Deno.test("the guard accepts every registered type and nothing else", () => {
  for (const type of facts.types) {
    assert(isNotificationType(type), `rejected ${type}`);
  }
  for (const value of outsiders) {
    assert(!isNotificationType(value), `accepted ${String(value)}`);
  }
});

Deno.test("parse keeps known types and maps the rest to the fallback", () => {
  assertEquals(FALLBACK_NOTIFICATION_TYPE, facts.fallback);
  for (const type of facts.types) {
    assertEquals(parseNotificationType(type), type);
  }
  for (const value of outsiders) {
    assertEquals(parseNotificationType(value), facts.fallback);
  }
});

Deno.test("every type has attributes", () => {
  assertEquals(Object.keys(NOTIFICATION_TYPE_ATTRIBUTES), facts.types);
  assertEquals(NOTIFICATION_TYPE_ATTRIBUTES.ride_claimed, {
    badgeTab: "requests",
    preferenceKey: null,
    canBeDisabled: false,
  });
  assertEquals(NOTIFICATION_TYPE_ATTRIBUTES.message.preferenceKey, "messages");
});

Deno.test("push payloads carry the type, the deep link and its keys", () => {
  assertEquals(pushPayloadFor("ride_claimed", { ride_id: "r1" }), {
    type: "ride_claimed",
    deep_link: "ride",
    ride_id: "r1",
  });
  assertEquals(pushPayloadFor("message", { conversation_id: "c1" }), {
    type: "message",
    deep_link: "conversation",
    conversation_id: "c1",
  });
  assertEquals(pushPayloadFor("user_rejected", {}), { type: "user_rejected" });
  assertEquals(pushPayloadFor("announcement", {}), {
    type: "announcement",
    deep_link: "announcements",
  });
  assertEquals(pushPayloadFor("broadcast", { notification_id: "n1" }), {
    type: "broadcast",
    deep_link: "announcements",
    notification_id: "n1",
  });
});

Deno.test("a type with several deep links opens the first one given", () => {
  assertEquals(pushPayloadFor("qa_answer", { favor_id: "f1" }), {
    type: "qa_answer",
    deep_link: "favor",
    favor_id: "f1",
  });
  assertEquals(
    pushPayloadFor("qa_answer", { ride_id: "r1", favor_id: "f1" }),
    { type: "qa_answer", deep_link: "ride", ride_id: "r1", favor_id: "f1" },
  );
});

Deno.test("untyped callers missing every deep link's keys get an error", () => {
  const loose = pushPayloadFor as (type: string, params: object) => unknown;
  assertThrows(() => loose("ride_claimed", {}), "ride");
  assertThrows(() => loose("completion_reminder", {}), "ride or favor");
});

Deno.test("deep-link builders add the link key", () => {
  assertEquals(rideDeepLinkPayload({ ride_id: "r1" }), {
    deep_link: "ride",
    ride_id: "r1",
  });
  assertEquals(announcementsDeepLinkPayload(), { deep_link: "announcements" });
});

Deno.test("normalize applies defaults to missing and null keys", () => {
  assertEquals(normalizeBadgeCountsPayload({ bell_total: null }), {
    user_id: null,
    messages_total: 0,
    requests_total: 0,
    community_total: 0,
    bell_total: 0,
    request_details: [],
    conversation_details: [],
  });
  const full = normalizeBadgeCountsPayload({
    user_id: "u1",
    messages_total: 3,
    request_details: [{ request_type: "favor", request_id: "f1" }],
    conversation_details: [{ conversation_id: "c1", unread_count: 2 }],
  });
  assertEquals(full.request_details, [
    { request_type: "favor", request_id: "f1", unread_count: 0 },
  ]);
  assertEquals(full.conversation_details[0].unread_count, 2);
  assertEquals(full.messages_total, 3);
});

Deno.test("normalize rejects wrong shapes, naming the key path", () => {
  assertThrows(() => normalizeBadgeCountsPayload(null), "expected an object");
  assertThrows(
    () => normalizeBadgeCountsPayload({ messages_total: "3" }),
    "BadgeCountsPayload.messages_total: expected an integer",
  );
  assertThrows(
    () => normalizeBadgeCountsPayload({ requests_total: 1.5 }),
    "requests_total: expected an integer",
  );
  assertThrows(
    () => normalizeBadgeCountsPayload({ request_details: [{}] }),
    "BadgeCountsPayload.request_details[0].request_type: missing",
  );
  assertThrows(
    () =>
      normalizeBadgeCountsPayload({
        request_details: [{ request_type: "boat", request_id: "x" }],
      }),
    "request_details[0].request_type: expected one of ride, favor",
  );
  assertThrows(
    () => normalizeBadgeCountsPayload({ conversation_details: {} }),
    "conversation_details: expected an array",
  );
});
