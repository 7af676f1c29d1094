-- Rewards are listed per family.
CREATE INDEX IF NOT EXISTS rewards_family_idx ON public.rewards (family_id);
