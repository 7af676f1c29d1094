-- Named by hand at "midnight" as 24:00:00; the Supabase CLI reads any `digits_` version and sorts it in place.
CREATE INDEX IF NOT EXISTS rewards_family_idx ON public.rewards (family_id);
