// Called by the app when a ride is requested or claimed.
import { createClient } from "npm:@supabase/supabase-js@2";
import { deliver } from "../_shared/apns.ts";

const supabase = createClient(Deno.env.get("SUPABASE_URL")!, Deno.env.get("SUPABASE_SERVICE_ROLE_KEY")!);

type RideEvent = { ride_id: string; driver_id: string; requester_id: string; event: "requested" | "claimed" };

Deno.serve(async (req) => {
  const event = (await req.json()) as RideEvent;
  const { data: requester } = await supabase.from("profiles").select("display_name, device_token").eq("id", event.requester_id).single();
  const { data: driver } = await supabase.from("profiles").select("display_name, device_token").eq("id", event.driver_id).single();

  if (event.event === "requested" && driver?.device_token) {
    await deliver(driver.device_token, {
      aps: { alert: { title: "Ride request", body: `${requester?.display_name ?? "A neighbour"} needs a ride` } },
      type: "ride_request",
      ride_id: event.ride_id,
      requester_name: requester?.display_name,
    });
  } else if (event.event === "claimed" && requester?.device_token) {
    await deliver(requester.device_token, {
      aps: { alert: { title: "Your ride was claimed", body: `${driver?.display_name} will drive you` } },
      type: "ride_claimed",
      ride_id: event.ride_id,
    });
  }
  await supabase.from("notifications").insert({
    user_id: event.event === "requested" ? event.driver_id : event.requester_id,
    type: event.event === "requested" ? "ride_request" : "ride_claimed",
    title: "Ride",
    entity_id: event.ride_id,
  });
  return new Response("ok");
});
