// Runtime behaviour of the generated driver-app TypeScript, against facts read from its registry.
import { assert, assertEquals, assertThrows, registryFacts } from "./assert.ts";
import {
  DRIVER_ROUTE_KEY,
  orderDriverRoutePayload,
  pushPayloadFor,
} from "../Golden/driver-app/typescript/deepLinks.ts";
import {
  ALL_DRIVER_NOTIFICATION_KINDS,
  DRIVER_NOTIFICATION_KIND_KEY,
  DRIVER_NOTIFICATION_KINDS,
  FALLBACK_DRIVER_NOTIFICATION_KIND,
  isDriverNotificationKind,
  parseDriverNotificationKind,
} from "../Golden/driver-app/typescript/notificationTypes.ts";
import { normalizeUnreadSummary } from "../Golden/driver-app/typescript/payloads.ts";

const facts = registryFacts();
const outsiders: unknown[] = ["message", "other", "TRIP_ASSIGNED", 0, null, {}];

Deno.test("the const and ALL list hold exactly the registered kinds", () => {
  assertEquals(ALL_DRIVER_NOTIFICATION_KINDS, facts.types);
  assertEquals(Object.values(DRIVER_NOTIFICATION_KINDS), facts.types);
  assertEquals(DRIVER_NOTIFICATION_KIND_KEY, facts.typeKey);
  assertEquals(DRIVER_ROUTE_KEY, facts.linkKey);
});

Deno.test("the guard accepts every registered kind and nothing else", () => {
  for (const kind of facts.types) {
    assert(isDriverNotificationKind(kind), `rejected ${kind}`);
  }
  for (const value of outsiders) {
    assert(!isDriverNotificationKind(value), `accepted ${String(value)}`);
  }
});

Deno.test("parse maps unknown values to the registry's fallback", () => {
  assertEquals(FALLBACK_DRIVER_NOTIFICATION_KIND, facts.fallback);
  assertEquals(parseDriverNotificationKind("order_ready"), "order_ready");
  for (const value of outsiders) {
    assertEquals(parseDriverNotificationKind(value), facts.fallback);
  }
});

Deno.test("push payloads use the registry's own keys", () => {
  assertEquals(pushPayloadFor("trip_assigned", { trip_id: "t1" }), {
    notification_type: "trip_assigned",
    route: "trip",
    trip_id: "t1",
  });
  assertEquals(pushPayloadFor("order_ready", { trip_id: "t1" }), {
    notification_type: "order_ready",
    route: "trip",
    trip_id: "t1",
  });
  assertEquals(
    pushPayloadFor("order_ready", { order_id: "o1", stop_index: 3 }),
    {
      notification_type: "order_ready",
      route: "order",
      order_id: "o1",
      stop_index: 3,
    },
  );
  assertEquals(pushPayloadFor("default", {}), { notification_type: "default" });
  assertEquals(orderDriverRoutePayload({ order_id: "o2" }), {
    route: "order",
    order_id: "o2",
  });
});

Deno.test("normalize applies defaults and checks types", () => {
  assertEquals(normalizeUnreadSummary({}), {
    unread_total: 0,
    latest_at: null,
    trips: [],
  });
  assertEquals(normalizeUnreadSummary({ trips: [{ trip_id: "t1" }] }).trips, [
    { trip_id: "t1", unread: 0, is_urgent: false },
  ]);
  assertThrows(
    () => normalizeUnreadSummary({ trips: [{ trip_id: "t1", is_urgent: 1 }] }),
    "UnreadSummary.trips[0].is_urgent: expected a boolean",
  );
  assertThrows(
    () => normalizeUnreadSummary({ latest_at: 5 }),
    "latest_at: expected a string",
  );
});
