export const NOTIFICATION_TYPES = {
  MESSAGE: "message",
  RIDE_UPDATE: "ride_updated",
} as const;

export function kindFor(urgent: boolean): string {
  return urgent ? "ride_claimd" : "message";
}

export async function notify(client: any, userId: string) {
  await client.from("notifications").insert({ user_id: userId, type: "rides_update" });
  const { data } = await client.rpc("get_badge_counts");
  return data.rides_totl;
}
