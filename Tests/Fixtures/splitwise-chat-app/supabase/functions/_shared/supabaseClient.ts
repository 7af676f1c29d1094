import { createClient, type SupabaseClient } from "npm:@supabase/supabase-js@2";

/** The service-role client: edge functions write past RLS. */
export const supabaseAdmin: SupabaseClient = createClient(
  Deno.env.get("SUPABASE_URL") ?? "",
  Deno.env.get("SUPABASE_SERVICE_ROLE_KEY") ?? "",
  { auth: { persistSession: false } },
);
