import { createClient } from "npm:@supabase/supabase-js@2";

// Maps the provider's codes onto ours. The app only knows some of them.
Deno.serve(async (req) => {
  const { id, code } = await req.json();
  const supabase = createClient(Deno.env.get("SUPABASE_URL")!, Deno.env.get("SUPABASE_SERVICE_ROLE_KEY")!);
  switch (code) {
    case "NS":
      await supabase.from("fixtures").update({ status: "scheduled" }).eq("id", id);
      break;
    case "1H":
    case "2H":
      await supabase.from("fixtures").update({ status: "live", phase: "live" }).eq("id", id);
      break;
    case "HT":
      await supabase.from("fixtures").update({ status: "half_time" }).eq("id", id);
      break;
    case "PST":
      await supabase.from("fixtures").update({ status: "postponed" }).eq("id", id);
      break;
    case "CANC":
      await supabase.from("fixtures").update({ status: "cancelled" }).eq("id", id);
      break;
    case "ABD":
      await supabase.from("fixtures").update({ status: "abandoned" }).eq("id", id);
      break;
    case "SUSP":
      await supabase.from("fixtures").update({ status: "suspended" }).eq("id", id);
      break;
    case "INT":
      await supabase.from("fixtures").update({ status: "interrupted" }).eq("id", id);
      break;
    default:
      console.log(`status: unknown provider code ${code}`);
  }
  return new Response("ok");
});
